// Webhooks for developers: HTTPS endpoints that get a signed POST when a swap ends, at most
// `limit` of them. A new endpoint's signing secret (and a rotated one) is shown here once only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@visage/contracts';
import { createWebhook } from '../api/webhooks-api';
import { useWebhooks } from '../hooks/useWebhooks';
import { errorKey } from '../lib/error-key';
import { WebhookEndpointItem } from './WebhookEndpointItem';
import styles from './AccountPage.module.css';

export function WebhooksSection() {
  const { t } = useTranslation('account');
  const { list, failed, reload } = useWebhooks();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['swap.completed', 'swap.failed']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const full = list !== null && list.endpoints.length >= list.limit;

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((now) => (on ? [...now, type] : now.filter((e) => e !== type)));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createWebhook(url.trim(), events);
      setSecret({ url: created.endpoint.url, value: created.secret });
      setUrl('');
      await reload();
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-webhooks" data-testid="account-webhooks">
      <h2 id="account-webhooks">{t('webhooks.title')}</h2>
      <p className={styles.hint}>{t('webhooks.text')}</p>
      {failed && <p role="alert" className={styles.error}>{t('errors.generic')}</p>}
      {secret && (
        <div role="status" className={styles.secret} data-testid="webhook-secret">
          <p className={styles.hint}>{t('webhooks.secretOnce', { url: secret.url })}</p>
          <code>{secret.value}</code>
          <button type="button" className="btn btn-secondary" onClick={() => setSecret(null)}>
            {t('webhooks.secretDone')}
          </button>
        </div>
      )}
      {list && list.endpoints.length === 0 && <p className={styles.hint}>{t('webhooks.none')}</p>}
      {list && list.endpoints.length > 0 && (
        <ul className={styles.list} data-testid="webhook-list">
          {list.endpoints.map((endpoint) => (
            <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onChanged={reload} onSecret={(value) => setSecret({ url: endpoint.url, value })} />
          ))}
        </ul>
      )}
      <h3>{t('webhooks.add')}</h3>
      {full ? (
        <p className={styles.hint}>{t('webhooks.full', { count: list.limit })}</p>
      ) : (
        <form className={styles.form} onSubmit={(e) => void add(e)}>
          <label>
            {t('webhooks.url')}
            <input className="input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} required maxLength={2048} placeholder="https://" data-testid="webhook-url" />
          </label>
          <fieldset className={styles.choices}>
            <legend>{t('webhooks.events')}</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className={styles.choice}>
                <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                {t(`webhooks.event.${type}`)}
              </label>
            ))}
          </fieldset>
          <p className={styles.hint}>{t('webhooks.videoProgress')}</p>
          <button type="submit" className="btn btn-primary" disabled={busy || events.length === 0} data-testid="webhook-add">
            {t('webhooks.addButton')}
          </button>
          {error && <p role="alert" className={styles.error}>{t(error)}</p>}
        </form>
      )}
    </section>
  );
}
