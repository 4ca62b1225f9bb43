// The BullMQ queue: jobs live in Redis, so API processes and separate worker processes
// (ROLE=worker) share them. BullMQ's lock is our lease: renewed while a job runs; when a
// worker dies, the lock expires, another worker's stalled-job check puts the job back
// and it runs again. Events travel through Redis (QueueEvents), so subscribe() works
// from any process.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { Queue, QueueEvents, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { silentLogger, type QueueLogger } from './logger.ts';
import type { JobDefinition, JobRegistry } from './registry.ts';
import {
  assertValidJobId,
  errorMessage,
  PermanentJobError,
  type EnqueueOptions,
  type Json,
  type JobListener,
  type JobQueue,
  type JobRecord,
  type JobStatus,
  type QueueTuning,
} from './types.ts';

export interface BullMqQueueOptions extends QueueTuning {
  redisUrl: string;
  queueName: string;
  log?: QueueLogger;
  /** How often a worker looks for jobs whose worker died; defaults to half the lease. */
  stalledIntervalMs?: number;
}

const EVENTS = ['added', 'waiting', 'active', 'progress', 'completed', 'failed', 'delayed', 'stalled'] as const;
const TERMINAL = new Set<JobStatus>(['done', 'failed']);
const DEFAULT_RETENTION_MS = 7 * 24 * 3600_000;

export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly connections: Redis[] = [];
  private readonly log: QueueLogger;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private queueEvents: QueueEvents | null = null;
  private worker: Worker | null = null;
  private stopping: Promise<void> | null = null;
  private readonly active = new Map<string, { job: Job; token: string; controller: AbortController }>();

  constructor(
    private readonly registry: JobRegistry,
    private readonly opts: BullMqQueueOptions,
  ) {
    this.log = opts.log ?? silentLogger;
    this.queue = new Queue(opts.queueName, { connection: this.connect() });
    this.queue.on('error', (err) => this.log.error({ err }, 'queue connection error'));
  }

  private connect(): Redis {
    // BullMQ needs maxRetriesPerRequest: null so blocking commands survive reconnects.
    const c = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    c.on('error', (err) => this.log.warn({ err: errorMessage(err) }, 'redis connection error'));
    this.connections.push(c);
    return c;
  }

  async enqueue<P, I>(job: JobDefinition<P, I> | string, payload: I, opts: EnqueueOptions = {}): Promise<string> {
    const name = typeof job === 'string' ? job : job.name;
    const def = this.registry.definition(name);
    const data = this.registry.parse(name, payload);
    if (opts.jobId !== undefined) assertValidJobId(opts.jobId);
    const id = opts.jobId ?? randomUUID();
    // BullMQ ignores an add whose jobId exists, which makes this idempotent.
    await this.queue.add(name, data, {
      jobId: id,
      attempts: opts.maxAttempts ?? def.maxAttempts ?? this.opts.defaultMaxAttempts,
      delay: Math.max(0, opts.delayMs ?? 0),
      backoff: { type: 'exponential', delay: def.backoffMs ?? this.opts.backoffMs, jitter: 0.2 },
      // Finished jobs are kept long enough for clients to read their result.
      removeOnComplete: { age: Math.ceil((this.opts.retentionMs ?? DEFAULT_RETENTION_MS) / 1000) },
      removeOnFail: { age: Math.ceil((this.opts.retentionMs ?? DEFAULT_RETENTION_MS) / 1000) },
    });
    return id;
  }

  async get(id: string): Promise<JobRecord | null> {
    let job = await this.queue.getJob(id);
    if (!job) return null;
    const state = await job.getState();
    // The job may have finished between the two reads: read it again so that status,
    // result and error belong together.
    if ((state === 'completed' || state === 'failed') && !job.finishedOn) {
      job = await this.queue.getJob(id);
      if (!job) return null;
    }
    return toRecord(job, state);
  }

  async remove(id: string): Promise<boolean> {
    // 0 while the job is locked by a worker (active); removing a missing job counts as done.
    if ((await this.queue.remove(id)) === 1) return true;
    return !(await this.queue.getJob(id));
  }

  subscribe(id: string, listener: JobListener): () => void {
    let last = '';
    let closed = false;
    const deliver = (job: JobRecord | null) => {
      if (closed || !job) return;
      const sig = `${job.status}|${job.attempts}|${JSON.stringify(job.progress)}|${job.updatedAt}`;
      if (sig === last) return;
      last = sig;
      listener(job);
    };
    const refresh = () => void this.get(id).then(deliver, (err: unknown) => this.log.warn({ err, jobId: id }, 'job read failed'));
    this.local.on(id, refresh);
    this.ensureEvents();
    // Fallback when an event is missed (Redis reconnect): read the job now and then.
    const poll = setInterval(() => {
      refresh();
      if (TERMINAL.has((last.split('|')[0] ?? '') as JobStatus)) clearInterval(poll);
    }, Math.max(1000, this.opts.pollMs * 4));
    poll.unref();
    refresh();
    return () => {
      closed = true;
      clearInterval(poll);
      this.local.off(id, refresh);
    };
  }

  private ensureEvents(): void {
    if (this.queueEvents) return;
    const qe = new QueueEvents(this.opts.queueName, { connection: this.connect() });
    qe.on('error', (err) => this.log.warn({ err: errorMessage(err) }, 'queue events error'));
    for (const ev of EVENTS) {
      qe.on(ev, (args: { jobId: string }) => {
        if (this.local.listenerCount(args.jobId)) this.local.emit(args.jobId);
      });
    }
    this.queueEvents = qe;
  }

  async start(): Promise<void> {
    if (this.worker || this.stopping) return;
    const pending = await this.queue.getJobs(['waiting', 'delayed', 'prioritized', 'active'], 0, 999);
    const unknown = [...new Set(pending.filter(Boolean).map((j) => j.name))].filter((n) => !this.registry.has(n));
    if (unknown.length) throw new Error(`Start-up failed: stored jobs have no handler registered: ${unknown.join(', ')}`);
    const worker = new Worker(this.opts.queueName, (job, token, signal) => this.process(job, token ?? '', signal), {
      connection: this.connect(),
      // Recorded on each job it runs (processedBy), so an operator can tell which process ran it.
      name: `${hostname()}:${process.pid}`,
      concurrency: this.opts.concurrency,
      lockDuration: this.opts.leaseMs,
      stalledInterval: this.opts.stalledIntervalMs ?? Math.max(500, Math.floor(this.opts.leaseMs / 2)),
      // A job whose worker died goes back to the queue (it does not count as a failed attempt
      // in BullMQ), up to this many times, then fails.
      maxStalledCount: Math.max(1, this.opts.defaultMaxAttempts),
      autorun: false,
    });
    worker.on('error', (err) => this.log.error({ err: errorMessage(err) }, 'worker error'));
    worker.on('failed', (job, err) => {
      if (!job) return;
      this.log.warn({ jobId: job.id, name: job.name, attempt: job.attemptsStarted, err: errorMessage(err) }, 'job attempt failed');
      // Emitted for every failed attempt, a stalled job failed past its limit included: the hook
      // runs only once the job is failed for good (not waiting for a retry).
      void this.afterFailure(job, errorMessage(err));
    });
    this.worker = worker;
    void worker.run().catch((err: unknown) => this.log.error({ err }, 'worker stopped with an error'));
    await worker.waitUntilReady();
    this.log.info({ queue: this.opts.queueName, concurrency: this.opts.concurrency }, 'job worker started');
  }

  private async afterFailure(job: Job, error: string): Promise<void> {
    try {
      if ((await job.getState()) !== 'failed') return;
      await this.registry.failed(job.name, job.data, error);
    } catch (err) {
      this.log.error({ err: errorMessage(err), jobId: job.id, name: job.name }, 'job onFailed hook failed');
    }
  }

  private async process(job: Job, token: string, signal?: AbortSignal): Promise<Json> {
    const name = job.name;
    // As in the local queue, an attempt whose worker died (a stall) uses up an attempt, so a
    // crash on the last one fails the job here. (A release at shutdown is not a stall.)
    if ((job.attemptsMade ?? 0) + (job.stalledCounter ?? 0) >= (job.opts.attempts ?? 1)) {
      throw new UnrecoverableError('The worker running this job stopped and no attempts are left.');
    }
    let payload: unknown;
    try {
      payload = this.registry.parse(name, job.data);
    } catch (err) {
      throw new UnrecoverableError(errorMessage(err));
    }
    const handler = this.registry.handler(name);
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    const id = job.id ?? '';
    this.active.set(id, { job, token, controller });
    let chain = Promise.resolve();
    const reportProgress = (progress: Json): Promise<void> => {
      chain = chain.then(async () => {
        if (controller.signal.aborted) return;
        try {
          await job.updateProgress(progress ?? 0);
        } catch (err) {
          this.log.warn({ err: errorMessage(err), jobId: id }, 'job progress not saved');
        }
      });
      return chain;
    };
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new WaitingError()), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const result = await Promise.race([handler(payload, { jobId: id, attempt: job.attemptsStarted, reportProgress, signal: controller.signal }), aborted]);
      await chain;
      return (result ?? null) as Json;
    } catch (err) {
      if (controller.signal.aborted) throw new WaitingError();
      await chain;
      if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
      throw err;
    } finally {
      this.active.delete(id);
    }
  }

  stop(graceMs = 0): Promise<void> {
    this.stopping ??= this.shutdown(graceMs);
    return this.stopping;
  }

  private async shutdown(graceMs: number): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    // close() stops fetching and waits for running jobs; past the grace period we move
    // them back to the wait list ourselves so another worker starts them at once.
    const closing = worker.close();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), graceMs)));
    const outcome = await Promise.race([closing.then(() => 'closed' as const), graceOver]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      for (const { job, token, controller } of this.active.values()) {
        try {
          await job.moveToWait(token);
          this.log.warn({ jobId: job.id }, 'job released at shutdown; another worker will run it');
        } catch (err) {
          this.log.warn({ err: errorMessage(err), jobId: job.id }, 'job release failed; its lock will expire');
        }
        controller.abort(new Error('shutdown'));
      }
      await closing;
    }
  }

  async close(): Promise<void> {
    await this.stop();
    await this.queueEvents?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    this.local.removeAllListeners();
  }
}

function toRecord(job: Job, state: string): JobRecord {
  const status: JobStatus =
    state === 'completed' ? 'done' : state === 'failed' ? 'failed' : state === 'active' ? 'running' : 'queued';
  const progress = job.progress as unknown;
  return {
    id: job.id ?? '',
    name: job.name,
    status,
    attempts: job.attemptsStarted ?? job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    payload: job.data,
    progress: progress === 0 || progress === undefined ? null : (progress as Json),
    result: status === 'done' ? ((job.returnvalue ?? null) as Json) : null,
    error: status === 'done' ? null : job.failedReason || null,
    createdAt: job.timestamp,
    updatedAt: Math.max(job.timestamp, job.processedOn ?? 0, job.finishedOn ?? 0),
  };
}
