// The JobQueue interface every adapter implements (local: rows in the database;
// bullmq: Redis), and the shapes a handler and a caller see.
import type { JobDefinition } from './definition.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface JobRecord {
  id: string;
  name: string;
  status: JobStatus;
  /** Attempts started so far (1 while the first attempt runs). */
  attempts: number;
  maxAttempts: number;
  payload: unknown;
  progress: Json | null;
  result: Json | null;
  /** Last attempt's error message; null once the job is done. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface EnqueueOptions {
  /** Makes enqueue idempotent: a second enqueue with the same id returns it and adds nothing. */
  jobId?: string;
  /** Overrides the definition's maxAttempts. */
  maxAttempts?: number;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Records progress (any JSON) and tells subscribers. Never throws; writes keep their order. */
  reportProgress(progress: Json): Promise<void>;
  /** Aborted when this worker lost the job's lease or is shutting down past its grace period. */
  signal: AbortSignal;
}

export type JobListener = (job: JobRecord) => void;

export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  /** Validates the payload against the job's schema and stores the job; returns its id. */
  enqueue<P, I>(job: JobDefinition<P, I> | string, payload: I, opts?: EnqueueOptions): Promise<string>;
  get(id: string): Promise<JobRecord | null>;
  /**
   * Removes a job that is not running (queued, delayed, done or failed); true when it is gone
   * (or never existed), false while a worker runs it. Used when an account is erased.
   */
  remove(id: string): Promise<boolean>;
  /**
   * Calls listener with the job's record each time it changes (status, progress, result),
   * across processes. Returns the unsubscribe function.
   */
  subscribe(id: string, listener: JobListener): () => void;
  /** Begins running handlers (concurrency from config). Fails when stored jobs have no handler. */
  start(): Promise<void>;
  /**
   * Stops taking jobs; running ones get graceMs to finish, then their lease is released so
   * another worker runs them again. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
  /** stop() and then releases connections. */
  close(): Promise<void>;
}

/** Throw from a handler to fail the job at once, without retries (bad input, not a glitch). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No handler registered for job "${name}"`);
    this.name = 'UnknownJobError';
  }
}

export class InvalidJobPayloadError extends Error {
  constructor(name: string, detail: string) {
    super(`Invalid payload for job "${name}": ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

export interface QueueTuning {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  defaultMaxAttempts: number;
  backoffMs: number;
  /** Finished jobs older than this are removed (default 7 days). */
  retentionMs?: number;
}

/**
 * Exponential backoff (base, 2×base, 4×base…) less up to 20% jitter so retries of many
 * jobs do not line up; the same formula as BullMQ's exponential backoff with jitter 0.2.
 */
export function backoffDelay(baseMs: number, attempt: number, maxMs = 10 * 60_000): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.2));
}

const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Job ids: up to 64 safe characters and not a bare number (BullMQ reserves those). */
export function assertValidJobId(id: string): void {
  if (!JOB_ID.test(id) || /^\d+$/.test(id)) throw new Error(`Invalid job id ${JSON.stringify(id)}`);
}

export function errorMessage(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.slice(0, 2000);
}
