// Webhooks for developers: the endpoints an account registers, their deliveries, and the events
// Visage posts to them (signed; see the README's "Webhooks" section for the scheme).
import { z } from 'zod';
import { SWAP_ERROR_CODES } from './constants.ts';
import { swapWarning } from './swaps.ts';

/** Every event type an endpoint may subscribe to. `video.progress` is sent as each segment of a video swap is finished. */
export const WEBHOOK_EVENT_TYPES = ['swap.completed', 'swap.failed', 'video.progress'] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** Endpoints one account may register (a further one answers 409 webhook_limit). */
export const WEBHOOKS_PER_USER = 5;

const events = z.array(webhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length).transform((list) => [...new Set(list)]);

/** POST /app/api/account/webhooks */
export const createWebhookRequest = z.object({
  url: z.string().trim().min(1).max(2048),
  events,
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

/** PATCH /app/api/account/webhooks/{id}: turn an endpoint on or off, or change its events. */
export const updateWebhookRequest = z
  .object({ enabled: z.boolean().optional(), events: events.optional() })
  .refine((v) => v.enabled !== undefined || v.events !== undefined, { message: 'Nothing to change.' });
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

/** One registered endpoint; its signing secret is never listed (shown once, at creation or rotation). */
export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  createdAt: z.number(),
  /** When the signing secret was last made (creation or rotation). */
  secretCreatedAt: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** GET /app/api/account/webhooks */
export const webhookList = z.object({ endpoints: z.array(webhookEndpoint), limit: z.number() });
export type WebhookList = z.infer<typeof webhookList>;

/** POST /app/api/account/webhooks (201) and POST …/{id}/secret: the secret, this once. */
export const webhookWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string().startsWith('whsec_') });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

/**
 * Why the last try did not deliver, for the page to word in its language: `status` (an answer other
 * than 2xx, see lastStatusCode), `timeout`, `network` (no connection), `refused` (an address webhooks
 * are never sent to), `disabled` (the endpoint is turned off), `stopped` (the server gave up on it).
 */
export const WEBHOOK_ERROR_CODES = ['status', 'timeout', 'network', 'refused', 'disabled', 'stopped'] as const;
export const webhookErrorCode = z.enum(WEBHOOK_ERROR_CODES);
export type WebhookErrorCode = z.infer<typeof webhookErrorCode>;

/** One event sent (or being sent) to one endpoint, with its last answer. */
export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: webhookEventType,
  status: webhookDeliveryStatus,
  attempts: z.number(),
  /** HTTP status of the last answer; null when none came (network error, timeout, refused address). */
  lastStatusCode: z.number().nullable(),
  lastErrorCode: webhookErrorCode.nullable(),
  /** The technical detail (English, as the network layer says it), for developers. */
  lastError: z.string().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** When the next try is due while the delivery is pending. */
  nextAttemptAt: z.number().nullable(),
  createdAt: z.number(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** GET /app/api/account/webhooks/{id}/deliveries: newest first. */
export const webhookDeliveryList = z.array(webhookDelivery);

/**
 * The JSON body Visage posts; `id` is the same on every try of one event, so a receiver can de-duplicate.
 * `video.progress` has `status: 'running'` and `frames`; the swap events have `done` or `failed`.
 */
export const webhookEvent = z.object({
  id: z.string(),
  type: webhookEventType,
  /** Epoch milliseconds when the event happened. */
  created: z.number(),
  data: z.object({
    swap: z.object({
      id: z.string(),
      status: z.enum(['running', 'done', 'failed']),
      /** The result (a JPEG, or for a video swap its MP4), read with an API key. */
      resultUrl: z.string().optional(),
      warnings: z.array(swapWarning).optional(),
      error: z.object({ code: z.enum(SWAP_ERROR_CODES), message: z.string() }).optional(),
    }),
    /** A video swap's frames in finished segments, of all its frames (`video.progress`). */
    frames: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).optional(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;
