// Shown as soon as no swap is left this period (beside the disabled Swap button): why nothing
// can be swapped, and where the plans are.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function QuotaNotice({ className }: { className?: string }) {
  const { t } = useTranslation('swap');
  return (
    <p className={className} role="status" data-testid="quota-notice">
      {t('reasons.quota_exceeded')}{' '}
      <Link to="/app/plans" data-testid="quota-plans-link">
        {t('reasons.seePlans')}
      </Link>
    </p>
  );
}
