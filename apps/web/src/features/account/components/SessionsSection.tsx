// Signed-in sessions with their device and last use, each revocable, and "sign out everywhere".
import { useTranslation } from 'react-i18next';
import type { AccountResponse } from '@visage/contracts';
import { revokeSession, signOutEverywhere } from '../api/account-api';
import { deviceLabel } from '../lib/device-label';
import styles from './AccountPage.module.css';

interface Props {
  account: AccountResponse;
  onChanged: () => Promise<void>;
  onSignedOut: () => void;
}

export function SessionsSection({ account, onChanged, onSignedOut }: Props) {
  const { t, i18n } = useTranslation('account');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-sessions">
      <h2 id="account-sessions">{t('sessions.title')}</h2>
      <ul className={styles.list} data-testid="account-sessions">
        {account.sessions.map((s) => (
          <li key={s.id} className={styles.row}>
            <div>
              <strong>{deviceLabel(t, s)}</strong> {s.current && <span className={styles.badge}>{t('sessions.current')}</span>}
              <div className={styles.hint}>
                {t('sessions.lastUsed', { date: dates.format(s.lastUsedAt ?? s.createdAt) })} · {s.ip}
              </div>
            </div>
            {!s.current && (
              <button type="button" className="btn btn-secondary" onClick={() => void revokeSession(s.id).then(onChanged)}>
                {t('sessions.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary" onClick={() => void signOutEverywhere().then(onSignedOut)} data-testid="account-signout-all">
        {t('sessions.everywhere')}
      </button>
    </section>
  );
}
