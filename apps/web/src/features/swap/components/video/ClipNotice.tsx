// Why a chosen clip cannot be swapped, with its figures (the server's limits, the plan's
// allowance and its renewal date), and the plans' link where a plan would change it.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLANS } from '@visage/contracts/constants';
import type { ClipFacts, ClipProblem } from '../../lib/video-checks';

const MB = 1024 * 1024;

export function ClipNotice({ problem, clip, facts, className }: { problem: ClipProblem; clip: Pick<File, 'size'>; facts: ClipFacts | null; className?: string }) {
  const { t, i18n } = useTranslation('swap');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const text = (() => {
    switch (problem.code) {
      case 'video_off':
        return t('video.off');
      case 'video_plan_required':
        return t('video.planRequired', { count: PLANS.standard.videoSwaps ?? 0 });
      case 'video_quota_exceeded': {
        // The renewal date is a calendar day (YYYY-MM-DD, UTC).
        const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${problem.resetDate}T00:00:00Z`));
        return t('video.quotaUsed', { limit: problem.limit, date });
      }
      case 'video_too_large':
        return t('video.tooLarge', { size: number.format(clip.size / MB), max: number.format(problem.maxBytes / MB) });
      case 'video_too_long':
        return t('video.tooLong', { seconds: number.format(facts?.duration ?? 0), max: problem.maxSeconds });
    }
  })();
  const plans = problem.code === 'video_plan_required' || problem.code === 'video_quota_exceeded';
  return (
    <p className={className} role="alert" data-testid="video-problem" data-code={problem.code}>
      {text}
      {plans ? (
        <>
          {' '}
          <Link to="/app/plans" data-testid="video-plans-link">
            {t('reasons.seePlans')}
          </Link>
        </>
      ) : null}
    </p>
  );
}
