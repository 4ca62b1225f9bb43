// Video swaps wiring: the service and pipeline (built by services.ts), the jobs' handlers
// (attached in context.ts, where the queue lives) and the HTTP routes (registered by app.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import { findMediaTools, type MediaTools } from '../../infra/media/index.ts';
import type { JobQueue, JobRegistry } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { Eraser } from '../account/registry.ts';
import type { SavedFaceKeys } from '../swaps/ports.ts';
import type { SwapResultsService } from '../swaps/results.ts';
import type { SwapsService } from '../swaps/service.ts';
import type { ContentCheck, ImageIntake } from '../uploads/index.ts';
import type { UsersService } from '../users/service.ts';
import { videoEraser } from './account-data.ts';
import { ClipFiles } from './clip-files.ts';
import { videoJoinJob, videoPrepareJob, videoSegmentJob } from './jobs.ts';
import { PeopleCache } from './people-cache.ts';
import { VideoPipeline } from './pipeline.ts';
import type { VideoEngine } from './ports.ts';
import { VideoRepository } from './repository.ts';
import { videoRoutes } from './routes.ts';
import { VideoService } from './service.ts';

export { VideoService } from './service.ts';
export { VideoPipeline } from './pipeline.ts';
export { WORKER_ID } from './segment-job.ts';
export type { VideoEngine } from './ports.ts';

export interface VideoModule {
  service: VideoService;
  pipeline: VideoPipeline;
  /** Stops and clears a user's video swaps' segments (account erasure, before the swaps' eraser). */
  eraser: Eraser;
  /** Removes the clips this process fetched for its jobs. */
  close(): Promise<void>;
}

export interface VideoDeps {
  config: Config;
  db: Db;
  storage: Storage;
  queue: JobQueue;
  swaps: SwapsService;
  users: UsersService;
  intake: ImageIntake;
  content: ContentCheck;
  engine: VideoEngine;
  savedFaces: SavedFaceKeys | null;
  /** The ffmpeg tools; by default found through FFMPEG_PATH or PATH (null: video is off). */
  media?: MediaTools | null;
}

export function createVideoModule(deps: VideoDeps): VideoModule {
  const media = deps.media === undefined ? findMediaTools(deps.config.FFMPEG_PATH) : deps.media;
  const repo = new VideoRepository(deps.db);
  const clips = new ClipFiles(deps.storage);
  const limits = { maxSeconds: deps.config.VIDEO_MAX_SECONDS, maxBytes: deps.config.VIDEO_MAX_BYTES, segmentSeconds: deps.config.VIDEO_SEGMENT_SECONDS };
  const service = new VideoService(media, repo, deps.storage, deps.queue, deps.swaps, deps.users, deps.intake, deps.engine, new PeopleCache(), limits);
  const pipeline = new VideoPipeline({ media, repo, storage: deps.storage, queue: deps.queue, swaps: deps.swaps, engine: deps.engine, content: deps.content, clips, savedFaces: deps.savedFaces, segmentSeconds: limits.segmentSeconds });
  // A video swap's events come from its segments, whichever process swaps them.
  deps.swaps.useVideoEvents((row, jobId) => service.progress(row, jobId));
  return { service, pipeline, eraser: videoEraser(repo, deps.storage, deps.queue, deps.swaps), close: () => clips.close() };
}

export function attachVideoJobs(jobs: JobRegistry, video: VideoModule, results?: SwapResultsService): void {
  const { pipeline } = video;
  // Any terminal failure fails the swap once (allowance given back) and drops its segments' files.
  const onFailed = async ({ swapId }: { swapId: string }) => {
    await pipeline.fail(swapId, 'engine_failed');
    await results?.purgeNowIfDue(swapId);
  };
  // With UPLOAD_RETENTION_HOURS=0 the clip goes as soon as the swap has ended.
  const purging = async <T>(swapId: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      await results?.purgeNowIfDue(swapId);
    }
  };
  jobs.handle(videoPrepareJob, ({ swapId }) => purging(swapId, () => pipeline.prepare(swapId)), { onFailed });
  jobs.handle(videoSegmentJob, ({ swapId, idx }, job) => purging(swapId, () => pipeline.segment(swapId, idx, job.signal)), { onFailed });
  jobs.handle(videoJoinJob, ({ swapId }) => purging(swapId, () => pipeline.join(swapId)), { onFailed });
}

export async function registerVideoRoutes(app: FastifyInstance, deps: { video: VideoModule; swaps: SwapsService; results: SwapResultsService }): Promise<void> {
  await videoRoutes(app, deps.video.service, deps.swaps, deps.results);
}
