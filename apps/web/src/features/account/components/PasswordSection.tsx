// Change password: the current one is required; every other session is signed out.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/account-api';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

export function PasswordSection({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setStatus({ ok: true, key: 'password.changed' });
      await onChanged();
    } catch (e) {
      setStatus({ ok: false, key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-password">
      <h2 id="account-password">{t('password.title')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label>
          {t('password.current')}
          <input className="input" type="password" value={current} onChange={(e) => setCurrent(e.target.value)} required autoComplete="current-password" />
        </label>
        <label>
          {t('password.new')}
          <input className="input" type="password" value={next} onChange={(e) => setNext(e.target.value)} required minLength={8} autoComplete="new-password" />
        </label>
        <p className={styles.hint}>{t('password.hint')}</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('password.submit')}
        </button>
        {status && <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.ok : styles.error}>{t(status.key)}</p>}
      </form>
    </section>
  );
}
