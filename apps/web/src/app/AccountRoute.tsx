// /app/account: the account feature's page, joined to the auth state here (features do not
// import one another). Signing out everywhere or deleting the account clears the client's
// session and lands on the landing page.
import { useNavigate } from 'react-router';
import { AccountPage } from '../features/account/pages';
import { endSession, loadUser } from '../features/auth';
import { useAppDispatch } from '../store/hooks';

export function AccountRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <AccountPage
      onSignedOut={() => {
        dispatch(endSession());
        void navigate('/', { replace: true });
      }}
      onProfileChanged={() => void dispatch(loadUser())}
    />
  );
}
