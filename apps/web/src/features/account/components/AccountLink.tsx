// The header's link to the account page, for a signed-in user.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { useAppSelector } from '../../../store/hooks';

export function AccountLink() {
  const { t } = useTranslation('account');
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  if (!signedIn) return null;
  return (
    <Link to="/app/account" className="btn btn-secondary" data-testid="account-link" aria-label={t('link')}>
      <Icon name="user" size={18} />
    </Link>
  );
}
