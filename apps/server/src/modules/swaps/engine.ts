// The face engine as the swap job sees it: one worker pool per process, started on first use
// (or at start-up by warm()), so API-only processes never load the models.
import { createEnginePool, engineCalls, EngineError, type EngineCalls, type EnginePool, type PoolStats } from '@visage/engine';

/** What a saved face's check needs: each face found, and whether it is big enough to swap. */
export type FaceDetector = Pick<EngineCalls, 'detect'>;

/** Every engine operation (the engine's own types), run in the pool. */
export interface EngineHandle extends EngineCalls {
  /**
   * Starts the pool now, its workers warmed up, so the first swap does not pay for model loading
   * nor run slow; resolves once they are ready.
   */
  warm(): Promise<Pick<PoolStats, 'modelLoadMs' | 'warmUpMs'>>;
  close(): Promise<void>;
}

export function lazyEngine(size: number, maxWorkerRssMb: number): EngineHandle {
  let pool: EnginePool | null = null;
  let closed = false;
  // Once closed, a late call (a demo photo mid-seeding at shutdown) is refused, not given a new pool.
  const get = (warmUp = false) => {
    if (closed) throw new EngineError('pool_closed');
    return (pool ??= createEnginePool({ size, maxWorkerRssMb, warmUp }));
  };
  // Async, so a refusal after close() is a rejected promise like any engine failure.
  const calls = engineCalls(async (op, args) => (get()[op] as (...a: unknown[]) => Promise<unknown>)(...args));
  return {
    ...calls,
    async warm() {
      const started = get(true);
      await started.ready();
      const { modelLoadMs, warmUpMs } = started.stats();
      return { modelLoadMs, warmUpMs };
    },
    async close() {
      closed = true;
      await pool?.close();
      pool = null;
    },
  };
}
