// Swaps wiring: the swap job's definition and handler (attached in context.ts, where the
// queue lives) and the HTTP routes (registered by app.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import { defineJob, type JobQueue, type JobRegistry } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { UsersRepository } from '../users/repository.ts';
import { UsersService } from '../users/service.ts';
import { configureImageIntake } from './image-intake.ts';
import type { SwapEngine } from './ports.ts';
import { SwapsRepository } from './repository.ts';
import { swapRoutes } from './routes.ts';
import { SWAP_JOB, SWAP_MAX_ATTEMPTS, SwapsService } from './service.ts';

export { lazyEngine, type EngineHandle, type FaceDetector } from './engine.ts';
export { SwapsService } from './service.ts';

export const swapJob = defineJob(SWAP_JOB, z.object({ swapId: z.string().uuid() }), { maxAttempts: SWAP_MAX_ATTEMPTS, backoffMs: 2000 });

export function createSwapsService(deps: { db: Db; storage: Storage; queue: JobQueue; config: Config }): SwapsService {
  configureImageIntake({ concurrency: deps.config.IMAGE_DECODE_CONCURRENCY, queue: deps.config.IMAGE_DECODE_QUEUE });
  const users = new UsersService(new UsersRepository(deps.db));
  return new SwapsService(new SwapsRepository(deps.db), deps.storage, deps.queue, users, deps.config.MAX_IMAGE_PIXELS);
}

export function attachSwapJob(jobs: JobRegistry, swaps: SwapsService, engine: SwapEngine): void {
  jobs.handle(swapJob, async ({ swapId }, job) => {
    let last = 0;
    return swaps.run(
      swapId,
      job.attempt,
      (p) => {
        // Progress writes are cheap but not free: skip steps under 2% except the end points.
        if (p.progress - last < 0.02 && p.progress < 1 && p.stage !== 'load') return;
        last = p.progress;
        void job.reportProgress({ stage: p.stage, progress: Number(p.progress.toFixed(3)) });
      },
      engine,
    );
  }, {
    // Any terminal failure (a last attempt's worker killed included) fails the swap, once,
    // and gives its allowance back; a swap already failed or done is left alone.
    onFailed: async ({ swapId }) => {
      await swaps.fail(swapId, 'engine_failed');
    },
  });
}

export async function registerSwaps(app: FastifyInstance, swaps: SwapsService, queue: JobQueue): Promise<void> {
  await swapRoutes(app, swaps, queue);
}
