// The account's address: whether it is confirmed (with "send the link again"), a change waiting
// for its link, and the change form (password needed; effective once the new address confirms).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountResponse } from '@visage/contracts';
import { isSupportedLanguage } from '../../../lib/language';
import { changeEmail, resendConfirmation } from '../api/account-api';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

type Status = { ok: boolean; key: string; email?: string } | null;

export function EmailSection({ account, onChanged }: { account: AccountResponse; onChanged: () => Promise<void> }) {
  const { t, i18n } = useTranslation('account');
  const language = isSupportedLanguage(i18n.language) ? i18n.language : 'en';
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [resendStatus, setResendStatus] = useState<Status>(null);
  const [changeStatus, setChangeStatus] = useState<Status>(null);
  // When the page opened: whether the 7 days have passed is read against it.
  const [openedAt] = useState(() => Date.now());

  const resend = async () => {
    setBusy(true);
    try {
      await resendConfirmation(language);
      setResendStatus({ ok: true, key: 'email.resent', email: account.email });
    } catch (e) {
      setResendStatus({ ok: false, key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await changeEmail(newEmail, password, language);
      setChangeStatus({ ok: true, key: 'email.sent', email: newEmail.trim() });
      setNewEmail('');
      setPassword('');
      await onChanged();
    } catch (e) {
      setChangeStatus({ ok: false, key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };

  const late = account.emailConfirmBy !== null && account.emailConfirmBy <= openedAt;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-email-title">
      <h2 id="account-email-title">{t('email.title')}</h2>
      <p data-testid="account-email-status">
        {account.email}
        <span className={styles.badge}>{account.emailVerified ? t('email.confirmed') : t('email.unconfirmed')}</span>
      </p>
      {!account.emailVerified && (
        <>
          <p className={styles.hint}>
            {late || account.emailConfirmBy === null ? t('email.confirmNow') : t('email.confirmBy', { date: dates.format(account.emailConfirmBy) })}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void resend()} disabled={busy} data-testid="account-email-resend">
            {t('email.resend')}
          </button>
          {resendStatus && (
            <p role={resendStatus.ok ? 'status' : 'alert'} className={resendStatus.ok ? styles.ok : styles.error}>
              {t(resendStatus.key, { email: resendStatus.email })}
            </p>
          )}
        </>
      )}
      {account.pendingEmail && (
        <p className={styles.hint} data-testid="account-email-pending">
          {t('email.pending', { email: account.pendingEmail })}
        </p>
      )}
      {account.hasPassword && (
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <h3>{t('email.change')}</h3>
          <label>
            {t('email.newEmail')}
            <input className="input" type="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} required autoComplete="email" />
          </label>
          <label>
            {t('email.password')}
            <input className="input" type="password" value={password} onChange={(e) => setPassword(e.target.value)} required autoComplete="current-password" />
          </label>
          <p className={styles.hint}>{t('email.hint')}</p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('email.submit')}
          </button>
          {changeStatus && (
            <p role={changeStatus.ok ? 'status' : 'alert'} className={changeStatus.ok ? styles.ok : styles.error}>
              {t(changeStatus.key, { email: changeStatus.email })}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
