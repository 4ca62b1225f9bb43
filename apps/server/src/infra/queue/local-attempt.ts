// One attempt of a claimed job in the local queue: the handler runs while a heartbeat renews the
// lease; progress and the outcome are written fenced on the claim's token. A lost lease (or a
// release at shutdown) aborts the attempt, and then nothing of it is recorded.
import type { JobRow, LocalJobRows } from './local-rows.ts';
import type { QueueLogger } from './logger.ts';
import type { JobRegistry } from './registry.ts';
import { backoffDelay, errorMessage, PermanentJobError, type Json } from './types.ts';

const LEASE_LOST = 'lease lost';

export interface AttemptContext {
  rows: LocalJobRows;
  registry: JobRegistry;
  log: QueueLogger;
  leaseMs: number;
  backoffMs: number;
  /** Tells this process's subscribers the job changed. */
  emit(id: string): Promise<void>;
  /** The job's terminal-failure hook. */
  onFailed(id: string, name: string, payload: string, error: string): Promise<void>;
}

export async function runAttempt(ctx: AttemptContext, row: JobRow, token: string, controller: AbortController): Promise<void> {
  const attempt = row.attempts;
  await ctx.emit(row.id);
  const heartbeat = setInterval(() => void renew(ctx, row.id, token, controller), Math.max(200, Math.floor(ctx.leaseMs / 3)));
  let progressChain = Promise.resolve();
  const reportProgress = (progress: Json): Promise<void> => {
    progressChain = progressChain.then(async () => {
      if (controller.signal.aborted) return;
      try {
        if (await ctx.rows.setProgress(row.id, token, progress)) await ctx.emit(row.id);
      } catch (err) {
        ctx.log.warn({ err, jobId: row.id }, 'job progress not saved');
      }
    });
    return progressChain;
  };

  try {
    const payload = ctx.registry.parse(row.name, JSON.parse(row.payload));
    const handler = ctx.registry.handler(row.name);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    const result = await Promise.race([handler(payload, { jobId: row.id, attempt, reportProgress, signal: controller.signal }), aborted]);
    await progressChain;
    await finish(ctx, row.id, token, { status: 'done', result: JSON.stringify(result ?? null), error: null });
  } catch (err) {
    if (controller.signal.aborted) {
      // Lease lost (another worker has the job) or released at shutdown: not ours to record.
      ctx.log.warn({ jobId: row.id, reason: errorMessage(controller.signal.reason) }, 'job attempt abandoned');
      return;
    }
    await progressChain;
    const permanent = err instanceof PermanentJobError || (err as Error | null)?.name === 'InvalidJobPayloadError';
    const message = errorMessage(err);
    if (permanent || attempt >= row.max_attempts) {
      ctx.log.warn({ jobId: row.id, name: row.name, attempt, err: message }, 'job failed');
      if (await finish(ctx, row.id, token, { status: 'failed', error: message })) await ctx.onFailed(row.id, row.name, row.payload, message);
    } else {
      const def = ctx.registry.definition(row.name);
      const delay = backoffDelay(def.backoffMs ?? ctx.backoffMs, attempt);
      ctx.log.info({ jobId: row.id, name: row.name, attempt, retryInMs: delay, err: message }, 'job attempt failed; will retry');
      await finish(ctx, row.id, token, { status: 'queued', error: message, run_at: Date.now() + delay });
    }
  } finally {
    clearInterval(heartbeat);
  }
}

async function renew(ctx: AttemptContext, id: string, token: string, controller: AbortController): Promise<void> {
  if (controller.signal.aborted) return;
  try {
    if (!(await ctx.rows.renew(id, token, ctx.leaseMs))) controller.abort(new Error(LEASE_LOST));
  } catch (err) {
    // A database hiccup is not a lost lease; the next beat tries again.
    ctx.log.warn({ err, jobId: id }, 'job lease renewal failed');
  }
}

async function finish(ctx: AttemptContext, id: string, token: string, set: Parameters<LocalJobRows['finish']>[2]): Promise<boolean> {
  if (!(await ctx.rows.finish(id, token, set))) {
    ctx.log.warn({ jobId: id }, 'job outcome discarded: lease lost to another worker');
    return false;
  }
  await ctx.emit(id);
  return true;
}
