// Server-Sent Events for one swap job: queued → running (stage, progress) → done | failed.
// Pushed on every queue change, with a slow poll as a safety net (e.g. a missed Redis message).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JobEvent, SwapErrorCode } from '@visage/contracts';
import type { JobQueue } from '../../infra/queue/types.ts';
import type { SwapsService } from './service.ts';
import { MESSAGES } from './swap-item.ts';
import { FramePace } from './frame-pace.ts';

export type JobWatch = Pick<JobQueue, 'get' | 'subscribe'>;

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;
/**
 * Streams one account may hold open in a process: each polls the database every second, so
 * without a cap one person could open thousands. A page follows one swap at a time; a refused
 * stream makes the page read the swap's status every few seconds instead.
 */
export const MAX_STREAMS_PER_USER = 8;

export async function currentEvent(swapId: string, jobId: string, swaps: SwapsService, jobs: JobWatch): Promise<JobEvent> {
  const row = await swaps.get(swapId);
  if (row?.status === 'done') return { type: 'done', jobId, swapId };
  if (row?.status === 'failed') {
    return { type: 'failed', jobId, code: (row.error_code ?? 'engine_failed') as SwapErrorCode, message: row.error_message ?? '' };
  }
  // A video swap runs as several jobs (prepare, segments, join): its progress is its segments'.
  if (row?.kind === 'video') return swaps.videoEvent(row, jobId);
  const job = await jobs.get(jobId);
  // The job ended without the row saying so (its onFailed hook not run yet, or lost in a crash):
  // the stream ends anyway; the row is settled by the hook or by the start-up reconcile.
  if (job?.status === 'failed' || job?.status === 'done' || (!job && row?.status === 'running')) {
    return { type: 'failed', jobId, code: 'engine_failed', message: MESSAGES.engine_failed };
  }
  if (job?.status === 'running' || row?.status === 'running') {
    const p = (job?.progress ?? {}) as { stage?: unknown; progress?: unknown };
    return {
      type: 'running',
      jobId,
      stage: typeof p.stage === 'string' ? p.stage : 'start',
      progress: typeof p.progress === 'number' ? Math.min(1, Math.max(0, p.progress)) : 0,
    };
  }
  return { type: 'queued', jobId };
}

/**
 * The streams open in this process: a hijacked response keeps its socket busy, so the server's
 * close() would wait for it (SIGTERM hung 30 s). endAll() ends them at shutdown (app preClose);
 * the browser's EventSource reconnects, to another instance or to a restarted one.
 */
export class OpenStreams {
  /** Each open stream's end, with the account that opened it. */
  private readonly open = new Map<() => void, string>();
  add(end: () => void, uid: string): void {
    this.open.set(end, uid);
  }
  delete(end: () => void): void {
    this.open.delete(end);
  }
  get size(): number {
    return this.open.size;
  }
  countFor(uid: string): number {
    let n = 0;
    for (const owner of this.open.values()) if (owner === uid) n += 1;
    return n;
  }
  endAll(): void {
    for (const end of [...this.open.keys()]) end();
  }
}

export function streamJobEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  ids: { swapId: string; jobId: string; ownerUid?: string; viewerUid: string },
  swaps: SwapsService,
  jobs: JobWatch,
  streams: OpenStreams,
): void {
  const { swapId, jobId, ownerUid } = ids;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  let last = '';
  let closed = false;
  const pace = new FramePace();
  let checking = false;
  let again = false;

  const finish = () => {
    if (closed) return;
    closed = true;
    streams.delete(finish);
    unsubscribe();
    clearInterval(poll);
    clearInterval(heartbeat);
    // At shutdown the socket must go too (a kept-alive one would hold the server's close).
    if (!res.writableEnded) res.end(() => (res.socket as { destroySoon?: () => void } | null)?.destroySoon?.());
  };
  streams.add(finish, ids.viewerUid);
  const check = async (): Promise<void> => {
    if (closed) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      const event = await currentEvent(swapId, jobId, swaps, jobs);
      if (event.type === 'running' && event.frames) {
        const eta = pace.etaMs(event.frames, Date.now(), event.etaMs);
        if (eta === null) delete event.etaMs;
        else event.etaMs = eta;
      }
      const terminal = event.type === 'done' || event.type === 'failed';
      // The swap may have ended in another process: the list the client fetches next must be fresh.
      if (terminal && ownerUid) swaps.changed(ownerUid);
      const line = JSON.stringify(event);
      if (line !== last && !closed) {
        last = line;
        res.write(`event: ${event.type}\ndata: ${line}\n\n`);
      }
      if (terminal) finish();
    } catch (err) {
      req.log.warn({ err }, 'job events check failed');
    } finally {
      checking = false;
      if (again) {
        again = false;
        void check();
      }
    }
  };

  const unsubscribe = jobs.subscribe(jobId, () => void check());
  const poll = setInterval(() => void check(), POLL_MS);
  const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  req.raw.on('close', finish);
  res.write('retry: 2000\n\n');
  void check();
}
