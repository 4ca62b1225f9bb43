// The header's right-hand actions. Account buttons (Logout, billing) go here next to the
// language switcher; the billing button opens the Stripe customer portal.
import { AccountLink } from '../features/account';
import { useTranslation } from 'react-i18next';
import { AccountActions } from '../features/auth';
import { openBillingPortal } from '../features/billing';
import { LanguageSwitcher } from '../features/shell';
import { useAppSelector } from '../store/hooks';

export function HeaderActions() {
  const { t } = useTranslation('billing');
  const uid = useAppSelector((state) => state.auth.uid);
  const manage = () =>
    void openBillingPortal(uid).catch((error: unknown) => {
      console.error(error);
      window.alert(t('portal.failed'));
    });
  return (
    <>
      <LanguageSwitcher />
      <AccountLink />
      <AccountActions onManageBilling={uid ? manage : undefined} />
    </>
  );
}
