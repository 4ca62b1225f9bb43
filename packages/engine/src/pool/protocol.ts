// Messages between the pool (parent) and its worker processes. A request names one of the engine's
// operations (api/operations.ts) and carries its arguments; a progress listener stays in the parent.
import type { EngineOperation, EngineOperations } from '../api/operations.ts';
import type { EngineErrorCode } from '../core/errors.ts';

export type WorkerRequest = { [K in EngineOperation]: {
  op: K;
  id: number;
  args: Parameters<EngineOperations[K]>;
  /** The position of the argument whose `onProgress` was kept in the parent: the worker forwards progress for it. */
  progressAt?: number;
} }[EngineOperation];

export type WorkerResult = Awaited<ReturnType<EngineOperations[EngineOperation]>>;

export interface SerializedError { code: EngineErrorCode | null; message: string; details?: Record<string, unknown> }

export type WorkerMessage =
  | { type: 'ready'; loadMs: number }
  | { type: 'progress'; id: number; stage: string; fraction: number }
  | { type: 'result'; id: number; result: WorkerResult; rss: number }
  | { type: 'error'; id: number; error: SerializedError; rss: number };
