// "Download my data" (a ZIP built by a job, with its progress, kept for the server's
// EXPORT_TTL_HOURS) and "Delete my account" (confirmed by typing the account's e-mail).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountResponse } from '@visage/contracts';
import { hoursText, useRetention } from '../../../lib/retention';
import { deleteAccount } from '../api/account-api';
import { useExport } from '../hooks/useExport';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

export function DataSection({ account, onDeleted }: { account: AccountResponse; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { latest, start, error } = useExport();
  const retention = useRetention();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const pending = latest?.status === 'queued' || latest?.status === 'running';
  const matches = typed.trim().toLowerCase() === account.email;

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAccount(typed);
      onDeleted();
    } catch (e) {
      setDeleteError(errorKey(e));
      setDeleting(false);
    }
  };

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-data">
      <h2 id="account-data">{t('data.title')}</h2>
      <h3>{t('data.export.title')}</h3>
      <p className={styles.hint}>{t('data.export.text', { duration: hoursText(t, retention?.exportTtlHours) })}</p>
      <div className={styles.exportRow} data-testid="account-export">
        <button type="button" className="btn btn-secondary" onClick={() => void start()} disabled={pending} data-testid="account-export-start">
          {t('data.export.start')}
        </button>
        {pending && latest && (
          <span role="status">
            {t('data.export.progress', { percent: Math.round(latest.progress * 100) })}
            <progress className={styles.progress} max={1} value={latest.progress} />
          </span>
        )}
        {latest?.status === 'done' && latest.downloadUrl && (
          <a className="btn btn-primary" href={latest.downloadUrl} download data-testid="account-export-download">
            {t('data.export.download', { date: time.format(latest.expiresAt) })}
          </a>
        )}
        {latest?.status === 'failed' && <span role="alert">{t('data.export.failed')}</span>}
        {error ? <span role="alert">{t(errorKey(error))}</span> : null}
      </div>

      <h3>{t('data.delete.title')}</h3>
      <p className={styles.hint}>{t('data.delete.text')}</p>
      <form className={styles.form} onSubmit={(e) => void erase(e)}>
        <label>
          {t('data.delete.confirm', { email: account.email })}
          <input className="input" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-testid="account-delete-email" />
        </label>
        <button type="submit" className="btn btn-danger" disabled={!matches || deleting} data-testid="account-delete">
          {deleting ? t('data.delete.deleting') : t('data.delete.button')}
        </button>
        {deleteError && <p role="alert" className={styles.error}>{t(deleteError)}</p>}
      </form>
    </section>
  );
}
