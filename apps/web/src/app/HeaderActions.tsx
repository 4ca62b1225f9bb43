// The header's right-hand actions. Account buttons (Logout, billing) go here next to the
// language switcher.
import { AccountLink } from '../features/account';
import { AccountActions } from '../features/auth';
import { LanguageSwitcher } from '../features/shell';

export function HeaderActions() {
  return (
    <>
      <LanguageSwitcher />
      <AccountLink />
      <AccountActions />
    </>
  );
}
