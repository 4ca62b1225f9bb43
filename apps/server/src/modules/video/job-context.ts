// What the video jobs (prepare-job.ts, segment-job.ts, join-job.ts, reconcile.ts) are given: the
// pipeline's dependencies and the moves they share, which VideoPipeline (pipeline.ts) provides.
import type { SwapErrorCode } from '@visage/contracts';
import type { MediaTools } from '../../infra/media/index.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { ContentCheck } from '../uploads/index.ts';
import type { SavedFaceKeys } from '../swaps/ports.ts';
import type { SwapRow } from '../swaps/repository.ts';
import type { SwapsService } from '../swaps/service.ts';
import type { ClipFiles } from './clip-files.ts';
import type { VideoEngine } from './ports.ts';
import type { VideoRepository } from './repository.ts';

export interface PipelineDeps {
  media: MediaTools | null;
  repo: VideoRepository;
  storage: Storage;
  queue: Pick<JobQueue, 'enqueue' | 'get'>;
  swaps: SwapsService;
  engine: VideoEngine;
  content: ContentCheck;
  clips: ClipFiles;
  savedFaces: SavedFaceKeys | null;
  segmentSeconds: number;
  now?: () => number;
}

/** What a job did: the swap's status after it ('missing' for a swap gone or not a video). */
export type Outcome = { swapId: string; status: string };

/** The pipeline as a job sees it. */
export interface VideoJobContext {
  readonly d: PipelineDeps;
  now(): number;
  /** The ffmpeg tools; throws in a worker without them (the queue retries elsewhere). */
  tools(): MediaTools;
  /** Fails the swap (its allowance given back once) and drops its segments' files. */
  fail(swapId: string, code: SwapErrorCode): Promise<void>;
  /** Tells the listeners of a finished segment. */
  segmentFinished(row: SwapRow, idx: number): Promise<void>;
  /** Enqueues the join once every segment is done. */
  joinWhenAllDone(swapId: string): Promise<void>;
  dropSegmentFiles(row: Pick<SwapRow, 'uid' | 'id'>): Promise<void>;
}
