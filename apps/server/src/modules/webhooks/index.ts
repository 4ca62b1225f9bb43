// Webhooks wiring: the services (built by services.ts), the delivery job's handler (attached in
// context.ts), the routes (registered by app.ts) and the account data section and eraser.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import type { JobQueue, JobRegistry } from '../../infra/queue/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { SwapRow } from '../swaps/repository.ts';
import { webhooksAccountData } from './account-data.ts';
import { createAddressPolicy } from './address-policy.ts';
import { deliveryJob, WebhookDeliveries, type DeliveryTuning } from './deliveries.ts';
import { WebhookEndpoints } from './endpoints.ts';
import { WebhooksRepository } from './repository.ts';
import { webhookRoutes } from './routes.ts';
import type { Resolver } from './safe-post.ts';
import { swapEvent } from './swap-events.ts';
import { videoProgressEvent, type SegmentFinished } from './video-events.ts';

export { deliveryJob, WebhookDeliveries } from './deliveries.ts';
export { WebhookEndpoints } from './endpoints.ts';
export { verifySignature } from './signature.ts';
export type { SegmentFinished } from './video-events.ts';

export interface WebhooksModule {
  endpoints: WebhookEndpoints;
  deliveries: WebhookDeliveries;
  /** Queues the swap's event if it has ended; never throws (a webhook never fails a swap). */
  swapEnded(row: SwapRow): Promise<void>;
  /** Queues a video swap's `video.progress` event for a finished segment; never throws. */
  segmentFinished(segment: SegmentFinished): Promise<void>;
  accountData(): [DataSection, Eraser];
}

export interface WebhooksDeps {
  db: Db;
  queue: JobQueue;
  /** WEBHOOK_ALLOW_PRIVATE: ranges a receiver may be in beyond the public internet. */
  allowPrivate: string;
  publicUrl?: string;
  /** Logs what could not be queued. */
  warn: (info: Record<string, unknown>, msg: string) => void;
  /** Tests: a resolver answering what they choose, quicker retries. */
  resolve?: Resolver;
  tuning?: Partial<DeliveryTuning>;
}

export function createWebhooksModule(deps: WebhooksDeps): WebhooksModule {
  const repo = new WebhooksRepository(deps.db);
  const policy = createAddressPolicy(deps.allowPrivate);
  const deliveries = new WebhookDeliveries({ repo, queue: deps.queue, policy, resolve: deps.resolve, tuning: deps.tuning });
  return {
    endpoints: new WebhookEndpoints(repo, deliveries, policy),
    deliveries,
    async swapEnded(row) {
      const event = swapEvent(row, deps.publicUrl);
      if (!event) return;
      try {
        await deliveries.emit(row.uid, event);
      } catch (err) {
        deps.warn({ err, swapId: row.id, eventId: event.id }, 'webhook event could not be queued');
      }
    },
    async segmentFinished(segment) {
      const event = videoProgressEvent(segment);
      try {
        await deliveries.emit(segment.uid, event);
      } catch (err) {
        deps.warn({ err, swapId: segment.swapId, eventId: event.id }, 'webhook event could not be queued');
      }
    },
    accountData: () => webhooksAccountData(repo),
  };
}

export function attachWebhookJob(jobs: JobRegistry, deliveries: WebhookDeliveries): void {
  jobs.handle(deliveryJob, ({ deliveryId, attempt }, job) => deliveries.attempt(deliveryId, attempt, job.signal), {
    onFailed: ({ deliveryId }, error) => deliveries.abandon(deliveryId, error),
  });
}

export async function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: WebhooksModule }): Promise<void> {
  await webhookRoutes(app, deps.webhooks.endpoints);
}
