// The header's right-hand actions. Account buttons (Logout, billing) go here next to the
// language switcher.
import { LanguageSwitcher } from '../features/shell';

export function HeaderActions() {
  return <LanguageSwitcher />;
}
