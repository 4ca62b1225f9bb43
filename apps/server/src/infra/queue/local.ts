// The local queue: jobs are rows in the `jobs` table (SQLite or PostgreSQL), so they
// survive restarts. A worker claims a due row in one atomic UPDATE that sets a lease
// (`locked_until`, `locked_by` = a fresh token per claim) and renews it while the handler
// runs. Every later write is fenced on that token, so a worker that lost its lease can
// never overwrite the outcome of the worker that took over. A crashed worker's job is
// claimed again once its lease expires.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Db, DatabaseKind } from '../db/database.ts';
import { runAttempt, type AttemptContext } from './local-attempt.ts';
import { LocalJobRows, type JobRow } from './local-rows.ts';
import { silentLogger, type QueueLogger } from './logger.ts';
import type { JobDefinition, JobRegistry } from './registry.ts';
import {
  assertValidJobId,
  type EnqueueOptions,
  type JobListener,
  type JobQueue,
  type JobRecord,
  type QueueTuning,
} from './types.ts';

const SHUTDOWN = 'shutdown';
const TERMINAL = new Set(['done', 'failed']);
const DEFAULT_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

interface Running {
  id: string;
  token: string;
  controller: AbortController;
  done: Promise<void>;
}

export interface LocalQueueOptions extends QueueTuning {
  log?: QueueLogger;
  /** Shown in locked_by, for operators; each claim adds a random token. */
  workerId?: string;
}

export class LocalJobQueue implements JobQueue {
  readonly kind = 'local' as const;
  private readonly events = new EventEmitter().setMaxListeners(0);
  private readonly running = new Map<string, Running>();
  private readonly log: QueueLogger;
  private readonly workerId: string;
  private started = false;
  private stopping: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pumping = false;
  private pumpAgain = false;
  private prunedAt = 0;
  private readonly rows: LocalJobRows;
  private readonly attempts: AttemptContext;

  constructor(
    db: Db,
    dbKind: DatabaseKind,
    private readonly registry: JobRegistry,
    private readonly opts: LocalQueueOptions,
  ) {
    this.rows = new LocalJobRows(db, dbKind);
    this.log = opts.log ?? silentLogger;
    this.workerId = (opts.workerId ?? `${hostname()}-${process.pid}`).slice(0, 60);
    this.attempts = {
      rows: this.rows,
      registry,
      log: this.log,
      leaseMs: opts.leaseMs,
      backoffMs: opts.backoffMs,
      emit: (id) => this.emit(id),
      onFailed: (id, name, payload, error) => this.onFailed(id, name, payload, error),
    };
  }

  async enqueue<P, I>(job: JobDefinition<P, I> | string, payload: I, opts: EnqueueOptions = {}): Promise<string> {
    const name = typeof job === 'string' ? job : job.name;
    const def = this.registry.definition(name);
    const data = this.registry.parse(name, payload);
    if (opts.jobId !== undefined) assertValidJobId(opts.jobId);
    const id = opts.jobId ?? randomUUID();
    await this.rows.insert({
      id,
      name,
      payload: JSON.stringify(data),
      maxAttempts: opts.maxAttempts ?? def.maxAttempts ?? this.opts.defaultMaxAttempts,
      runAt: Date.now() + Math.max(0, opts.delayMs ?? 0),
    });
    if (this.started && !opts.delayMs) this.wake();
    return id;
  }

  get(id: string): Promise<JobRecord | null> {
    return this.rows.get(id);
  }

  remove(id: string): Promise<boolean> {
    return this.rows.remove(id);
  }

  subscribe(id: string, listener: JobListener): () => void {
    let last = '';
    let closed = false;
    const deliver = (job: JobRecord | null) => {
      if (closed || !job) return;
      const sig = `${job.status}|${job.updatedAt}|${job.attempts}|${JSON.stringify(job.progress)}`;
      if (sig === last) return;
      last = sig;
      listener(job);
      if (TERMINAL.has(job.status)) clearInterval(poll);
    };
    const onLocal = (job: JobRecord) => deliver(job);
    this.events.on(id, onLocal);
    // Changes made by other processes (a separate worker) arrive through polling.
    const check = () => void this.get(id).then(deliver, (err: unknown) => this.log.warn({ err, jobId: id }, 'job poll failed'));
    const poll = setInterval(check, Math.max(250, this.opts.pollMs));
    poll.unref();
    check();
    return () => {
      closed = true;
      clearInterval(poll);
      this.events.off(id, onLocal);
    };
  }

  async start(): Promise<void> {
    if (this.started || this.stopping) return;
    const unknown = (await this.rows.pendingNames()).filter((n) => !this.registry.has(n));
    if (unknown.length) throw new Error(`Start-up failed: stored jobs have no handler registered: ${unknown.join(', ')}`);
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.wake();
    this.log.info({ worker: this.workerId, concurrency: this.opts.concurrency }, 'job worker started');
  }

  stop(graceMs = 0): Promise<void> {
    this.stopping ??= this.shutdown(graceMs);
    return this.stopping;
  }

  async close(): Promise<void> {
    await this.stop();
    this.events.removeAllListeners();
  }

  private async shutdown(graceMs: number): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    // Wait for a claim in progress so its job is seen below.
    while (this.pumping) await sleep(5);
    const all = () => Promise.allSettled([...this.running.values()].map((r) => r.done));
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((r) => (graceTimer = setTimeout(() => r('timeout'), graceMs)));
    const outcome = await Promise.race([all().then(() => 'finished' as const), graceOver]);
    clearTimeout(graceTimer);
    if (outcome === 'timeout' && this.running.size) {
      for (const r of this.running.values()) {
        r.controller.abort(new Error(SHUTDOWN));
        await this.release(r);
      }
      await all();
    }
  }

  /** Gives the job back untouched: queued again at once, this attempt not counted. */
  private async release(r: Running): Promise<void> {
    if (await this.rows.release(r.id, r.token)) {
      this.log.warn({ jobId: r.id }, 'job released at shutdown; another worker will run it');
      await this.emit(r.id);
    }
  }

  private wake(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((err: unknown) => this.log.error({ err }, 'job claim failed'))
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    await this.failAbandoned();
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) await this.prune();
    while (this.started && this.running.size < this.opts.concurrency) {
      const row = await this.claim();
      if (!row) return;
      // Run it even if stop() began while claiming: the job already shows as running, and
      // shutdown (which waits for this pump) gives it the grace period like any other.
      this.execute(row);
    }
  }

  /** Removes finished jobs past their retention, as BullMQ does with removeOnComplete/removeOnFail. */
  async prune(now = Date.now()): Promise<number> {
    this.prunedAt = now;
    return this.rows.prune(now - (this.opts.retentionMs ?? DEFAULT_RETENTION_MS));
  }

  /** Jobs whose worker vanished on their last attempt: nothing left to retry, so fail them. */
  private async failAbandoned(): Promise<void> {
    for (const r of await this.rows.failAbandoned('The worker running this job stopped and no attempts are left.')) {
      await this.emit(r.id);
      await this.onFailed(r.id, r.name, r.payload, r.error ?? '');
    }
  }

  /** The job's onFailed hook; a failure here is logged, and the owner's start-up reconcile catches up. */
  private async onFailed(id: string, name: string, payload: string, error: string): Promise<void> {
    try {
      await this.registry.failed(name, JSON.parse(payload), error);
    } catch (err) {
      this.log.error({ err, jobId: id, name }, 'job onFailed hook failed');
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const names = this.registry.names().filter((n) => this.registry.has(n));
    if (!names.length) return undefined;
    return this.rows.claim(names, `${this.workerId}:${randomUUID()}`, this.opts.leaseMs);
  }

  private execute(row: JobRow): void {
    const token = row.locked_by ?? '';
    const controller = new AbortController();
    const r: Running = { id: row.id, token, controller, done: Promise.resolve() };
    r.done = runAttempt(this.attempts, row, token, controller)
      .catch((err: unknown) => this.log.error({ err, jobId: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        this.running.delete(row.id);
        this.wake();
      });
    this.running.set(row.id, r);
  }

  private async emit(id: string): Promise<void> {
    if (this.events.listenerCount(id) === 0) return;
    const job = await this.get(id);
    if (job) this.events.emit(id, job);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
