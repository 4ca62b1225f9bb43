// Swaps wiring: the services (built by services.ts), the swap job's definition and handler
// (attached in context.ts, where the queue lives) and the HTTP routes (registered by app.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import { defineJob, type JobQueue, type JobRegistry } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { UsersService } from '../users/service.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { SwapEngine } from './ports.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import { swapsDataSection, swapsEraser } from './account-data.ts';
import { SwapDataRepository } from './data-repository.ts';
import { SwapsRepository } from './repository.ts';
import { swapResultRoutes } from './result-routes.ts';
import { SwapResultsService } from './results.ts';
import { swapRoutes } from './routes.ts';
import type { FacePicker } from './face-picker.ts';
import { SWAP_JOB, SWAP_MAX_ATTEMPTS, SwapsService } from './service.ts';

export { lazyEngine, type EngineHandle, type FaceDetector } from './engine.ts';
export { SwapsService } from './service.ts';
export { SwapResultsService } from './results.ts';
export { FacePicker, type FaceChoice } from './face-picker.ts';
export { readSwapForm, SWAP_FORM_FILES } from './swap-form.ts';
export type { SavedFaceSources } from './ports.ts';

export const swapJob = defineJob(SWAP_JOB, z.object({ swapId: z.string().uuid() }), { maxAttempts: SWAP_MAX_ATTEMPTS, backoffMs: 2000 });

export function createSwapsService(deps: { db: Db; storage: Storage; queue: JobQueue; intake: ImageIntake; users: UsersService }): SwapsService {
  return new SwapsService(new SwapsRepository(deps.db), deps.storage, deps.queue, deps.users, deps.intake);
}

export function createSwapResults(deps: { db: Db; storage: Storage; swaps: SwapsService; config: Config; releaseShared?: (uid: string, key: string) => Promise<void> }): SwapResultsService {
  return new SwapResultsService(new SwapDataRepository(deps.db), deps.storage, deps.swaps, deps.config.UPLOAD_RETENTION_HOURS * 3600_000, deps.releaseShared);
}

/** The swaps' export section and eraser, for the account data registry. */
export function swapsAccountData(deps: { db: Db; storage: Storage; queue: JobQueue; swaps: SwapsService }): [DataSection, Eraser] {
  const repo = new SwapDataRepository(deps.db);
  return [swapsDataSection(repo, deps.storage), swapsEraser(repo, deps.storage, deps.queue, deps.swaps)];
}

export function attachSwapJob(jobs: JobRegistry, swaps: SwapsService, engine: SwapEngine, results?: SwapResultsService): void {
  jobs.handle(swapJob, async ({ swapId }, job) => {
    // With UPLOAD_RETENTION_HOURS=0 the uploads go as soon as the swap has ended (done or failed).
    try {
      return await runSwap(swaps, engine, swapId, job);
    } finally {
      await results?.purgeNowIfDue(swapId);
    }
  }, {
    // Any terminal failure (a last attempt's worker killed included) fails the swap, once,
    // and gives its allowance back; a swap already failed or done is left alone.
    onFailed: async ({ swapId }) => {
      // Already ended: a worker that died right after the end, on the last attempt, may not
      // have told the listeners (webhooks); telling them again is harmless.
      if (!(await swaps.fail(swapId, 'engine_failed'))) await swaps.announceEnded(swapId);
      await results?.purgeNowIfDue(swapId);
    },
  });
}

type SwapJobContext = { attempt: number; reportProgress(p: { stage: string; progress: number }): Promise<void> };

function runSwap(swaps: SwapsService, engine: SwapEngine, swapId: string, job: SwapJobContext) {
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
}

export async function registerSwapRoutes(app: FastifyInstance, deps: { swaps: SwapsService; queue: JobQueue; results: SwapResultsService; facePicker: FacePicker }): Promise<void> {
  await swapRoutes(app, deps.swaps, deps.queue, deps.facePicker);
  await swapResultRoutes(app, deps.swaps, deps.results);
}
