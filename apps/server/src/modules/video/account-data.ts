// Video swaps' part of account erasure, run before the swaps' own: unfinished video swaps are
// stopped (their running segments see it at their next chunk), their jobs removed once no worker
// runs them, then their segments' rows and files go. Rows, results and clips go with the swaps.
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { Eraser } from '../account/registry.ts';
import type { SwapsService } from '../swaps/service.ts';
import { joinJobId, prepareJobId, segmentJobId } from './jobs.ts';
import type { VideoRepository } from './repository.ts';

/** How long erasure waits for a segment a worker is swapping right now to stop. */
const RUNNING_WAIT_MS = 60_000;

export function videoEraser(repo: VideoRepository, storage: Storage, queue: Pick<JobQueue, 'remove'>, swaps: SwapsService): Eraser {
  return {
    name: 'video',
    again: true,
    async erase(uid) {
      const ids = await repo.videoSwapIds(uid);
      const until = Date.now() + RUNNING_WAIT_MS;
      for (const id of ids) {
        await swaps.fail(id, 'cancelled');
        const segments = await repo.segments(id);
        for (const job of [prepareJobId(id), joinJobId(id), ...segments.map((s) => segmentJobId(id, s.idx))]) {
          while (!(await queue.remove(job))) {
            if (Date.now() > until) throw new AppError(409, 'erasure_busy', 'A swap is still running. Please try again in a minute.');
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      }
      await repo.deleteSegments(ids);
      for (const key of await storage.list(`videos/${uid}/`)) await storage.delete(key);
    },
  };
}
