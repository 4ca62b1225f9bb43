// The webhooks card's calls: /app/api/account/webhooks (endpoints, their secret, their deliveries).
import {
  webhookDelivery,
  webhookDeliveryList,
  webhookEndpoint,
  webhookList,
  webhookWithSecret,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookList,
  type WebhookWithSecret,
} from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/account/webhooks';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const fetchWebhooks = (signal?: AbortSignal): Promise<WebhookList> => apiRequest(BASE, { schema: webhookList, signal });

export const createWebhook = (url: string, events: WebhookEventType[]): Promise<WebhookWithSecret> =>
  apiRequest(BASE, { method: 'POST', json: { url, events }, schema: webhookWithSecret });

export const updateWebhook = (id: string, patch: { enabled?: boolean; events?: WebhookEventType[] }): Promise<WebhookEndpoint> =>
  apiRequest(one(id), { method: 'PATCH', json: patch, schema: webhookEndpoint });

export const deleteWebhook = (id: string) => apiRequest(one(id), { method: 'DELETE' });

/** A new signing secret, shown this once; the old one stops signing at once. */
export const rotateWebhookSecret = (id: string): Promise<WebhookWithSecret> => apiRequest(`${one(id)}/secret`, { method: 'POST', json: {}, schema: webhookWithSecret });

export const fetchDeliveries = (id: string): Promise<WebhookDelivery[]> => apiRequest(`${one(id)}/deliveries`, { schema: webhookDeliveryList });

export const resendDelivery = (id: string, deliveryId: string): Promise<WebhookDelivery> =>
  apiRequest(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST', json: {}, schema: webhookDelivery });
