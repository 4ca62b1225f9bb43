// Spinner and progress bar shown in place of the Swap Faces button while a swap runs.
import { useTranslation } from 'react-i18next';
import type { SwapPhase } from '../hooks/useSwapJob';
import { ProgressBar } from './ProgressBar';

export function SwapProgress({ phase, progress }: { phase: SwapPhase; progress: number }) {
  const { t } = useTranslation('swap');
  const percent = Math.round(progress);
  const label =
    phase === 'uploading' ? t('progress.starting') : phase === 'queued' ? t('progress.queued') : phase === 'finishing' ? t('progress.finishing') : t('progress.running', { percent });
  return <ProgressBar percent={percent} name={t('progress.label')} label={label} testId="swap-progress" />;
}
