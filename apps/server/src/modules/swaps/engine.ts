// The face engine as the swap job sees it: one worker pool per process, started on first use
// (or at start-up by warm()), so API-only processes never load the models.
import { createEnginePool, EngineError, type DescribeResult, type EnginePool } from '@visage/engine';
import type { SwapEngine } from './ports.ts';

/** What a saved face's check needs: each face found, and whether it is big enough to swap. */
export interface FaceDetector {
  detect(image: Buffer): Promise<{ faces: { tooSmall: boolean }[] }>;
}

export interface EngineHandle extends SwapEngine, FaceDetector {
  /** Starts the pool now so the first swap does not pay for model loading. */
  warm(): void;
  /** Faces and attribute suggestions of a photo (catalogue uploads). */
  describe(image: Buffer): Promise<DescribeResult>;
  close(): Promise<void>;
}

export function lazyEngine(size: number, maxWorkerRssMb: number): EngineHandle {
  let pool: EnginePool | null = null;
  let closed = false;
  // Once closed, a late call (a demo photo mid-seeding at shutdown) is refused, not given a new pool.
  const get = () => {
    if (closed) throw new EngineError('pool_closed');
    return (pool ??= createEnginePool({ size, maxWorkerRssMb }));
  };
  return {
    swap: async (opts) => get().swap(opts),
    detect: async (image) => get().detect(image),
    warm: () => void get(),
    describe: async (image) => get().describe(image),
    async close() {
      closed = true;
      await pool?.close();
      pool = null;
    },
  };
}
