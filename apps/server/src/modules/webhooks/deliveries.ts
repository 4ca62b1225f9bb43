// Deliveries: an event becomes one row and one job per subscribed endpoint; each job is one try
// (signed POST, recorded), and queues the next try itself, with exponential backoff, until the
// receiver answers 2xx or the retry window (24 hours) has passed. Every step is keyed so that a
// job run again after a crash sends at most once more and never queues a second chain.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { WebhookErrorCode, WebhookEvent } from '@visage/contracts';
import { backoffDelay, defineJob, type JobQueue } from '../../infra/queue/index.ts';
import type { AddressPolicy } from './address-policy.ts';
import type { AttemptOutcome, DeliveryRow, EndpointRow, WebhooksRepository } from './repository.ts';
import { NoAnswer, RefusedTarget, safePost, type Resolver } from './safe-post.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/**
 * One try of one delivery. The queue's own retries only cover a crash or a database error
 * during the try; a receiver's failure is answered by the next try's job, scheduled here.
 */
export const deliveryJob = defineJob('webhooks.deliver', z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(1).max(1000) }), {
  maxAttempts: 5,
  backoffMs: 5000,
});

export interface DeliveryTuning {
  /** Delay before the second try; it doubles each time, up to `maxDelayMs`. */
  backoffMs: number;
  maxDelayMs: number;
  /** Tries stop this long after the event (or after a re-send). */
  retryWindowMs: number;
  timeoutMs: number;
}

export const DEFAULT_TUNING: DeliveryTuning = { backoffMs: 60_000, maxDelayMs: 4 * 3600_000, retryWindowMs: 24 * 3600_000, timeoutMs: 10_000 };

/** Finished deliveries are listed for this long, then dropped when the endpoint gets a new one. */
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;

export interface DeliveryDeps {
  repo: WebhooksRepository;
  queue: Pick<JobQueue, 'enqueue'>;
  policy: AddressPolicy;
  resolve?: Resolver;
  tuning?: Partial<DeliveryTuning>;
  now?: () => number;
}

export class WebhookDeliveries {
  private readonly tuning: DeliveryTuning;
  private readonly now: () => number;

  constructor(private readonly deps: DeliveryDeps) {
    this.tuning = { ...DEFAULT_TUNING, ...deps.tuning };
    this.now = deps.now ?? Date.now;
  }

  /**
   * Queues the event for every enabled endpoint of `uid` subscribed to its type. Emitting the
   * same event again adds no delivery and no job (both keyed), but queues the first try of one
   * whose job a crash prevented.
   */
  async emit(uid: string, event: WebhookEvent): Promise<number> {
    const endpoints = (await this.deps.repo.listEndpoints(uid)).filter((e) => e.enabled === 1 && parseEvents(e.events).includes(event.type));
    if (endpoints.length === 0) return 0;
    const now = this.now();
    const payload = JSON.stringify(event);
    await this.deps.repo.insertDeliveries(
      endpoints.map((e) => ({
        id: randomUUID(),
        endpoint_id: e.id,
        uid,
        event_id: event.id,
        event_type: event.type,
        payload,
        status: 'pending' as const,
        next_attempt_at: now,
        retry_until: now + this.tuning.retryWindowMs,
        created_at: now,
      })),
    );
    const pending = await this.deps.repo.pendingForEvent(uid, event.id);
    for (const d of pending) if (d.attempts === 0) await this.schedule(d.id, 1, now);
    for (const e of endpoints) await this.deps.repo.pruneFinished(e.id, now - KEEP_FINISHED_MS);
    return pending.length;
  }

  /** A finished delivery sent again: a new round of tries, counted on from the last. */
  async resend(uid: string, deliveryId: string): Promise<DeliveryRow | null> {
    const now = this.now();
    const row = await this.deps.repo.reopen(uid, deliveryId, now, now + this.tuning.retryWindowMs);
    if (row) await this.schedule(row.id, row.attempts + 1, now);
    return row;
  }

  /** The job: try `attempt` of the delivery, record it, and queue the next one if it is due. */
  async attempt(deliveryId: string, attempt: number, signal?: AbortSignal): Promise<{ status: string; statusCode?: number | null }> {
    const repo = this.deps.repo;
    const d = await repo.findDelivery(deliveryId);
    // Gone with its endpoint or account, or ended (delivered, failed, re-sent in a later round).
    if (!d || d.status !== 'pending') return { status: d?.status ?? 'missing' };
    if (d.attempts >= attempt) {
      // This try was recorded and then the worker stopped before queueing the next: queue it now.
      if (d.attempts === attempt && d.next_attempt_at !== null) await this.schedule(d.id, attempt + 1, d.next_attempt_at);
      return { status: 'pending' };
    }
    const endpoint = await repo.endpointById(d.endpoint_id);
    if (!endpoint) return { status: 'missing' };
    const outcome = endpoint.enabled === 1 ? await this.send(endpoint.url, signingSecrets(endpoint, this.now()), d, signal) : this.ended('failed', null, { code: 'disabled', detail: 'The endpoint is turned off.' });
    // Stopped by shutdown or a lost lease: not a try of the receiver's; the queue runs it again.
    if (signal?.aborted) throw new Error('delivery interrupted');
    if (await repo.recordAttempt(d.id, attempt, outcome)) {
      if (outcome.status === 'pending' && outcome.nextAttemptAt !== null) await this.schedule(d.id, attempt + 1, outcome.nextAttemptAt);
    }
    return { status: outcome.status, statusCode: outcome.statusCode };
  }

  /** The queue gave up on a try (crashes, database down): the delivery ends with that reason. */
  async abandon(deliveryId: string, error: string): Promise<void> {
    await this.deps.repo.failPending(deliveryId, error, this.now());
  }

  private async send(url: string, secrets: string[], d: DeliveryRow, signal?: AbortSignal): Promise<AttemptOutcome> {
    const headers = {
      'user-agent': 'Visage-Webhooks/1.0',
      [SIGNATURE_HEADER]: signatureHeader(secrets, d.payload, new Date(this.now())),
      'visage-event-id': d.event_id,
      'visage-event-type': d.event_type,
      'visage-delivery-id': d.id,
    };
    try {
      const { statusCode } = await safePost(url, d.payload, headers, { policy: this.deps.policy, resolve: this.deps.resolve, timeoutMs: this.tuning.timeoutMs, signal });
      if (statusCode >= 200 && statusCode < 300) return this.ended('delivered', statusCode, null);
      return this.retryOrFail(d, statusCode, { code: 'status', detail: `The endpoint answered ${statusCode}.` });
    } catch (err) {
      // An address we never post to stays refused: no point in trying for 24 hours.
      if (err instanceof RefusedTarget) return this.ended('failed', null, { code: 'refused', detail: err.message });
      return this.retryOrFail(d, null, { code: err instanceof NoAnswer ? 'timeout' : 'network', detail: (err as Error).message || String(err) });
    }
  }

  private retryOrFail(d: DeliveryRow, statusCode: number | null, error: { code: WebhookErrorCode; detail: string }): AttemptOutcome {
    const at = this.now();
    const next = at + backoffDelay(this.tuning.backoffMs, d.attempts + 1, this.tuning.maxDelayMs);
    if (next > d.retry_until) return { status: 'failed', statusCode, error, at, nextAttemptAt: null };
    return { status: 'pending', statusCode, error, at, nextAttemptAt: next };
  }

  private ended(status: 'delivered' | 'failed', statusCode: number | null, error: AttemptOutcome['error']): AttemptOutcome {
    return { status, statusCode, error, at: this.now(), nextAttemptAt: null };
  }

  /** Idempotent: one job id per delivery and try. */
  private async schedule(deliveryId: string, attempt: number, at: number): Promise<void> {
    await this.deps.queue.enqueue(deliveryJob, { deliveryId, attempt }, { jobId: `webhook-${deliveryId}-${attempt}`, delayMs: Math.max(0, at - this.now()) });
  }
}

/** The endpoint's secret, and the one it replaced while that still signs. */
function signingSecrets(endpoint: EndpointRow, now: number): string[] {
  const previous = endpoint.previous_secret && Number(endpoint.previous_secret_until ?? 0) > now ? [endpoint.previous_secret] : [];
  return [endpoint.secret, ...previous];
}

export function parseEvents(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}
