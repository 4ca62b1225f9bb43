// The header's account buttons for a signed-in user: Logout (revokes the session on the
// server, clears the local flags, resets the state and reloads) and, for users with a
// customerId, the billing-management button (its action is passed in by the billing feature).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { logout } from '../store/auth-slice';
import styles from './AccountActions.module.css';

export interface AccountActionsProps {
  /** Opens the billing portal; the button shows only for users with a customerId. */
  onManageBilling?: () => void;
}

export function AccountActions({ onManageBilling }: AccountActionsProps) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  const customerId = useAppSelector((state) => state.auth.customerId);
  const [leaving, setLeaving] = useState(false);
  if (!signedIn) return null;

  return (
    <div className={styles.actions}>
      {customerId ? (
        <button type="button" className={`btn btn-secondary ${styles.button}`} onClick={onManageBilling} disabled={!onManageBilling} data-testid="billing-button">
          <Icon name="card" size={18} />
          <span className="narrow-visually-hidden">{t('account.billing')}</span>
        </button>
      ) : null}
      <button
        type="button"
        className={`btn btn-secondary ${styles.button}`}
        data-testid="logout-button"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout(dispatch);
        }}
      >
        <Icon name="logout" size={18} />
        <span className="narrow-visually-hidden">{leaving ? t('account.loggingOut') : t('account.logout')}</span>
      </button>
    </div>
  );
}
