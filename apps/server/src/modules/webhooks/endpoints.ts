// Webhook endpoint rules: an account's endpoints (at most WEBHOOKS_PER_USER), their signing
// secret (shown once, rotatable), their recent deliveries and a re-send. Only the owner sees one:
// another account's id answers 404.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  WEBHOOKS_PER_USER,
  webhookErrorCode,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookList,
  type WebhookWithSecret,
} from '@visage/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AddressPolicy } from './address-policy.ts';
import { parseEvents, type WebhookDeliveries } from './deliveries.ts';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './repository.ts';
import { newSigningSecret } from './signature.ts';

const DELIVERIES_LISTED = 25;
/** How long a rotated-out secret still signs: a day to put the new one in place at the receiver. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export class WebhookEndpoints {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly deliveries: WebhookDeliveries,
    private readonly policy: AddressPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async list(uid: string): Promise<WebhookList> {
    return { endpoints: (await this.repo.listEndpoints(uid)).map(toEndpoint), limit: WEBHOOKS_PER_USER };
  }

  async create(uid: string, input: { url: string; events: CreateWebhookRequest['events'] }): Promise<WebhookWithSecret> {
    const url = this.checkUrl(input.url);
    const now = this.now();
    const secret = newSigningSecret();
    const row = await this.repo.insertEndpoint(
      { id: randomUUID(), uid, url, events: JSON.stringify(input.events), secret, secret_created_at: now, previous_secret: null, previous_secret_until: null, enabled: 1, created_at: now },
      WEBHOOKS_PER_USER,
    );
    if (!row) throw new AppError(409, 'webhook_limit', `An account may register up to ${WEBHOOKS_PER_USER} endpoints. Delete one first.`);
    return { endpoint: toEndpoint(row), secret };
  }

  async update(uid: string, id: string, patch: { enabled?: boolean; events?: UpdateWebhookRequest['events'] }): Promise<WebhookEndpoint> {
    const set: { enabled?: number; events?: string } = {};
    if (patch.enabled !== undefined) set.enabled = patch.enabled ? 1 : 0;
    if (patch.events !== undefined) set.events = JSON.stringify(patch.events);
    if (!(await this.repo.updateEndpoint(uid, id, set))) throw notFound();
    return toEndpoint(await this.owned(uid, id));
  }

  async remove(uid: string, id: string): Promise<void> {
    if (!(await this.repo.deleteEndpoint(uid, id))) throw notFound();
  }

  /** Later tries are signed with the new secret, and also with the old one for PREVIOUS_SECRET_MS. */
  async rotateSecret(uid: string, id: string): Promise<WebhookWithSecret> {
    const secret = newSigningSecret(), now = this.now();
    if (!(await this.repo.rotateSecret(uid, id, secret, now, now + PREVIOUS_SECRET_MS))) throw notFound();
    return { endpoint: toEndpoint(await this.owned(uid, id)), secret };
  }

  async listDeliveries(uid: string, id: string): Promise<WebhookDelivery[]> {
    await this.owned(uid, id);
    return (await this.repo.listDeliveries(uid, id, DELIVERIES_LISTED)).map(toDelivery);
  }

  async resend(uid: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const found = await this.repo.findDelivery(deliveryId);
    if (!found || found.uid !== uid || found.endpoint_id !== endpointId) throw notFound();
    const row = await this.deliveries.resend(uid, deliveryId);
    if (!row) throw new AppError(409, 'delivery_pending', 'This delivery is still being tried. Wait for it to end, then send it again.');
    return toDelivery(row);
  }

  private async owned(uid: string, id: string): Promise<EndpointRow> {
    const row = await this.repo.findEndpoint(uid, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A full https:// URL without credentials; http:// only when the operator allows private
   * ranges (a receiver on their own network). A literal address we never post to is refused
   * here already; a name is checked at each delivery, on what it resolves to then.
   */
  private checkUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest('webhook_url_invalid', 'Enter a full address starting with https://.', [{ path: ['url'] }]);
    }
    if (url.protocol === 'http:' && !this.policy.allowsPrivate) throw badRequest('webhook_https_required', 'The address must start with https://.', [{ path: ['url'] }]);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) {
      throw badRequest('webhook_url_invalid', 'Enter a full address starting with https://, without a user name or password.', [{ path: ['url'] }]);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const local = host === 'localhost' || host.endsWith('.localhost');
    if ((isIP(host) && this.policy.refusal(host)) || (local && !this.policy.allowsPrivate)) {
      throw badRequest('webhook_url_private', 'Webhooks are not sent to private or local network addresses.', [{ path: ['url'] }]);
    }
    url.hash = '';
    return url.href;
  }
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: parseEvents(row.events) as WebhookEventType[],
    enabled: row.enabled === 1,
    createdAt: Number(row.created_at),
    secretCreatedAt: Number(row.secret_created_at),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookDelivery['eventType'],
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastErrorCode: webhookErrorCode.safeParse(row.last_error_code).data ?? null,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at !== null ? Number(row.next_attempt_at) : null,
    createdAt: Number(row.created_at),
  };
}
