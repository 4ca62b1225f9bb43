// Messages between the pool (parent) and its worker processes. A request names one of the engine's
// operations (api/operations.ts) and carries its arguments; its listeners stay in the parent.
import type { EngineOperation, EngineOperations } from '../api/operations.ts';
import type { EngineErrorCode } from '../core/errors.ts';
import type { ListenerName } from './wire.ts';

export type WorkerRequest = { [K in EngineOperation]: {
  op: K;
  id: number;
  args: Parameters<EngineOperations[K]>;
  /** The position of the argument whose listeners were kept in the parent, and their names: the worker forwards their calls. */
  listenersAt?: number;
  listeners?: ListenerName[];
  /** The file holding the arguments' large byte arrays (see wire.ts, spillBuffers); the parent removes it once the task is over. */
  spill?: string;
} }[EngineOperation];

export type WorkerResult = Awaited<ReturnType<EngineOperations[EngineOperation]>>;

export interface SerializedError { code: EngineErrorCode | null; message: string; details?: Record<string, unknown> }

/** The worker's argument asking it to warm up before it is ready (EnginePoolOptions.warmUp). */
export const WARM_UP_ARG = '--warm-up';

export type WorkerMessage =
  | { type: 'ready'; loadMs: number; warmUpMs: number }
  | { type: 'call'; id: number; listener: ListenerName; args: unknown[] }
  | { type: 'result'; id: number; result: WorkerResult; rss: number }
  | { type: 'error'; id: number; error: SerializedError; rss: number };
