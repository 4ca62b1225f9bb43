// Webhooks in "Download my data" (each endpoint's address, events and dates, and its deliveries;
// never the signing secret) and in erasure (every endpoint and delivery of the account).
import type { DataSection, Eraser } from '../account/registry.ts';
import { parseEvents } from './deliveries.ts';
import type { WebhooksRepository } from './repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function webhooksAccountData(repo: WebhooksRepository): [DataSection, Eraser] {
  const section: DataSection = {
    name: 'webhooks',
    async collect(uid) {
      const deliveries = await repo.listAllDeliveries(uid);
      const endpoints = (await repo.listEndpoints(uid)).map((e) => ({
        id: e.id,
        url: e.url,
        events: parseEvents(e.events),
        enabled: e.enabled === 1,
        createdAt: iso(e.created_at),
        secretCreatedAt: iso(e.secret_created_at),
        deliveries: deliveries
          .filter((d) => d.endpoint_id === e.id)
          .map((d) => ({
            eventId: d.event_id,
            eventType: d.event_type,
            status: d.status,
            attempts: Number(d.attempts),
            lastStatusCode: d.last_status_code,
            lastErrorCode: d.last_error_code,
            lastError: d.last_error,
            lastAttemptAt: iso(d.last_attempt_at),
            createdAt: iso(d.created_at),
          })),
      }));
      return { data: { endpoints }, keys: [] };
    },
  };
  // Runs again after the account row is gone: a swap ending meanwhile may have added deliveries.
  const eraser: Eraser = { name: 'webhooks', again: true, erase: (uid) => repo.eraseAccount(uid) };
  return [section, eraser];
}
