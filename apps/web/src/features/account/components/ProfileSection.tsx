// Name (editable), avatar (uploaded and checked by the server like any photo) and e-mail.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountResponse } from '@visage/contracts';
import { updateProfile, uploadAvatar } from '../api/account-api';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

export function ProfileSection({ account, onChanged }: { account: AccountResponse; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const [status, setStatus] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await updateProfile(firstName, lastName);
      await onChanged();
      setStatus({ ok: true, key: 'profile.saved' });
    } catch (e) {
      setStatus({ ok: false, key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };

  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadAvatar(file);
      await onChanged();
      setStatus({ ok: true, key: 'profile.avatarSaved' });
    } catch (e) {
      setStatus({ ok: false, key: errorKey(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-profile">
      <h2 id="account-profile">{t('profile.title')}</h2>
      <div className={styles.profile}>
        <img className={styles.avatar} src={account.avatarUrl} alt={t('profile.avatarAlt')} data-testid="account-avatar" />
        <label className="btn btn-secondary">
          {t('profile.avatarChange')}
          <input type="file" accept="image/jpeg,image/png" className={styles.hidden} onChange={(e) => void onAvatar(e.target.files?.[0])} disabled={busy} data-testid="account-avatar-input" />
        </label>
      </div>
      <form className={styles.form} onSubmit={(e) => void save(e)}>
        <label>
          {t('profile.firstName')}
          <input className="input" value={firstName} onChange={(e) => setFirstName(e.target.value)} required maxLength={100} autoComplete="given-name" />
        </label>
        <label>
          {t('profile.lastName')}
          <input className="input" value={lastName} onChange={(e) => setLastName(e.target.value)} maxLength={100} autoComplete="family-name" />
        </label>
        <label>
          {t('profile.email')}
          <input className="input" value={account.email} readOnly data-testid="account-email" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('profile.save')}
        </button>
        {status && <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.ok : styles.error}>{t(status.key)}</p>}
      </form>
    </section>
  );
}
