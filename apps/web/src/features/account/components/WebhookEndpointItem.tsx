// One webhook endpoint: its address, events and state, with turn on/off, a new secret, delete,
// and its recent deliveries (last answer, tries, a re-send), loaded when opened.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@visage/contracts';
import { deleteWebhook, fetchDeliveries, resendDelivery, rotateWebhookSecret, updateWebhook } from '../api/webhooks-api';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

interface Props {
  endpoint: WebhookEndpoint;
  onChanged: () => Promise<void>;
  /** A rotated secret, for the card to show once. */
  onSecret: (secret: string) => void;
}

export function WebhookEndpointItem({ endpoint, onChanged, onSecret }: Props) {
  const { t, i18n } = useTranslation('account');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorKey(e));
    }
  };
  const loadDeliveries = () => run(async () => setDeliveries(await fetchDeliveries(endpoint.id)));

  return (
    <li className={styles.webhook} data-testid="webhook-item">
      <div className={styles.row}>
        <div>
          <strong className={styles.url}>{endpoint.url}</strong>
          {!endpoint.enabled && <span className={styles.badge}>{t('webhooks.off')}</span>}
          <div className={styles.hint}>{endpoint.events.map((type) => t(`webhooks.event.${type}`)).join(' · ')}</div>
        </div>
      </div>
      <div className={styles.exportRow}>
        <button type="button" className="btn btn-secondary" onClick={() => void run(() => updateWebhook(endpoint.id, { enabled: !endpoint.enabled }).then(onChanged))}>
          {endpoint.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void run(async () => onSecret((await rotateWebhookSecret(endpoint.id)).secret))}>
          {t('webhooks.rotate')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void (deliveries ? setDeliveries(null) : loadDeliveries())} aria-expanded={deliveries !== null}>
          {t('webhooks.deliveries')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void run(() => deleteWebhook(endpoint.id).then(onChanged))}>
          {t('webhooks.delete')}
        </button>
      </div>
      {error && <p role="alert" className={styles.error}>{t(error)}</p>}
      {deliveries && deliveries.length === 0 && <p className={styles.hint}>{t('webhooks.noDeliveries')}</p>}
      {deliveries && deliveries.length > 0 && (
        <ul className={styles.list} data-testid="webhook-deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className={styles.row}>
              <div>
                <strong>{t(`webhooks.event.${d.eventType}`)}</strong> <span className={styles.badge}>{t(`webhooks.status.${d.status}`)}</span>
                <div className={styles.hint}>
                  {d.lastAttemptAt === null ? t('webhooks.notTried') : t('webhooks.lastTry', { date: dates.format(d.lastAttemptAt), count: d.attempts })}
                  {d.status === 'delivered' && d.lastStatusCode !== null && ` · HTTP ${d.lastStatusCode}`}
                  {d.lastErrorCode && ` · ${t(`webhooks.error.${d.lastErrorCode}`, { status: d.lastStatusCode })}`}
                  {d.nextAttemptAt !== null && ` · ${t('webhooks.nextTry', { date: dates.format(d.nextAttemptAt) })}`}
                </div>
                {/* The network layer's own words (English), for the developer who set the endpoint up. */}
                {d.lastError && d.lastErrorCode !== 'status' && d.lastErrorCode !== 'disabled' && (
                  <div className={styles.hint}>{t('webhooks.detail', { detail: d.lastError })}</div>
                )}
              </div>
              {d.status !== 'pending' && (
                <button type="button" className="btn btn-secondary" onClick={() => void run(() => resendDelivery(endpoint.id, d.id).then(loadDeliveries))}>
                  {t('webhooks.resend')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
