// API keys for the public API: create one by name (its secret is shown this once, with a copy
// button), see each key's prefix, creation and last use, revoke it. Links to the API docs page.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreatedApiKey } from '@visage/contracts';
import { useApiKeys } from '../hooks/useApiKeys';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

export function ApiKeysSection() {
  const { t, i18n } = useTranslation('account');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const { list, failed, create, revoke } = useApiKeys();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(await create(name.trim()));
      setCopied(false);
      setName('');
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setError('apiKeys.copyFailed');
    }
  };
  const full = list !== null && list.keys.length >= list.max;

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-api-keys" data-testid="account-api-keys">
      <h2 id="account-api-keys">{t('apiKeys.title')}</h2>
      <p className={styles.hint}>
        {t('apiKeys.intro')} <Link to="/developers">{t('apiKeys.docs')}</Link>
      </p>
      {created && (
        <div className={styles.secret} role="status" data-testid="api-key-created">
          <p className={styles.ok}>{t('apiKeys.createdOnce', { name: created.name })}</p>
          <code data-testid="api-key-secret">{created.secret}</code>
          <div className={styles.actions}>
            <button type="button" className="btn btn-secondary" onClick={() => void copy(created.secret)}>
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setCreated(null)}>
              {t('apiKeys.hide')}
            </button>
          </div>
        </div>
      )}
      {failed && <p role="alert" className={styles.error}>{t('errors.generic')}</p>}
      {list && list.keys.length === 0 && <p className={styles.hint}>{t('apiKeys.none')}</p>}
      {list && list.keys.length > 0 && (
        <ul className={styles.list} data-testid="api-key-list">
          {list.keys.map((k) => (
            <li key={k.id} className={styles.row}>
              <div>
                <strong>{k.name}</strong> <code>{`${k.prefix}…`}</code>
                <div className={styles.hint}>
                  {t('apiKeys.created', { date: dates.format(k.createdAt) })} ·{' '}
                  {k.lastUsedAt === null ? t('apiKeys.neverUsed') : t('apiKeys.lastUsed', { date: dates.format(k.lastUsedAt) })}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={t('apiKeys.revokeNamed', { name: k.name })}
                onClick={() => void revoke(k.id).catch((e: unknown) => setError(errorKey(e)))}
              >
                {t('apiKeys.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label>
          {t('apiKeys.name')}
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} placeholder={t('apiKeys.namePlaceholder')} />
        </label>
        {full && <p className={styles.hint}>{t('apiKeys.full', { max: list.max })}</p>}
        <button type="submit" className="btn btn-primary" disabled={busy || full || name.trim() === ''}>
          {t('apiKeys.create')}
        </button>
        {error && <p role="alert" className={styles.error}>{t(error, { max: list?.max ?? 10 })}</p>}
      </form>
    </section>
  );
}
