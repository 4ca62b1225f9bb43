// The video swap's jobs: prepare (probe, content check, person, segments: prepare-job.ts), segment
// (decode → engine → encode, a chunk at a time: segment-job.ts) and join (join-job.ts). Each may
// run again after a crash: a segment is redone from its first frame, results go to keys derived
// from the swap, and the join job id is derived from the swap, so the last segments to finish
// enqueue it once between them. This class holds what the jobs share.
import type { SwapErrorCode } from '@visage/contracts';
import type { MediaTools } from '../../infra/media/index.ts';
import type { SwapRow } from '../swaps/repository.ts';
import type { SegmentFinished } from '../webhooks/index.ts';
import { joinSegments } from './join-job.ts';
import { joinJobId, segmentPrefix, videoJoinJob } from './jobs.ts';
import { prepareClip } from './prepare-job.ts';
import { reconcileVideos } from './reconcile.ts';
import { swapSegment } from './segment-job.ts';
import type { Outcome, PipelineDeps, VideoJobContext } from './job-context.ts';

export type { Outcome, PipelineDeps } from './job-context.ts';

export class VideoPipeline implements VideoJobContext {
  readonly now: () => number;
  private readonly finishedListeners: Array<(segment: SegmentFinished) => Promise<void>> = [];

  constructor(readonly d: PipelineDeps) {
    this.now = d.now ?? Date.now;
  }

  prepare(swapId: string): Promise<Outcome> {
    return prepareClip(this, swapId);
  }

  segment(swapId: string, idx: number, signal: AbortSignal): Promise<Outcome> {
    return swapSegment(this, swapId, idx, signal);
  }

  join(swapId: string): Promise<Outcome> {
    return joinSegments(this, swapId);
  }

  /** At start: video swaps not finished checked against their jobs (see reconcile.ts). */
  reconcile(batch = 200): Promise<{ requeued: number; failed: number }> {
    return reconcileVideos(this, batch);
  }

  /** Told of each segment finished while its swap runs, and again when a re-run job finds it finished. */
  onSegmentFinished(listener: (segment: SegmentFinished) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  /** Tells the listeners of a finished segment, with the frames of all the swap's finished segments. */
  async segmentFinished(row: SwapRow, idx: number): Promise<void> {
    if (this.finishedListeners.length === 0) return;
    const segments = await this.d.repo.segments(row.id);
    const seg = segments.find((s) => s.idx === idx);
    if (seg?.status !== 'done') return;
    // Counted as the job events count them: a finished segment's frames are all done.
    const total = segments.reduce((n, s) => n + s.frames, 0);
    const done = segments.reduce((n, s) => n + (s.status === 'done' ? s.frames : 0), 0);
    const segment = { uid: row.uid, swapId: row.id, idx, frames: { done, total }, at: seg.updated_at };
    for (const listener of this.finishedListeners) await listener(segment);
  }

  tools(): MediaTools {
    // A worker without ffmpeg cannot do this job; another worker may (the queue retries).
    if (!this.d.media) throw new Error('ffmpeg is not available in this worker');
    return this.d.media;
  }

  /** Fails the swap (its allowance given back once) and drops its segments' files. */
  async fail(swapId: string, code: SwapErrorCode): Promise<void> {
    const row = await this.d.swaps.get(swapId);
    await this.d.swaps.fail(swapId, code);
    if (row) await this.dropSegmentFiles(row);
  }

  /** Each segment checks after its own end; of the last two to end, at least one sees all done (the join's id is the swap's). */
  async joinWhenAllDone(swapId: string): Promise<void> {
    if ((await this.d.repo.countNotDone(swapId)) === 0) await this.d.queue.enqueue(videoJoinJob, { swapId }, { jobId: joinJobId(swapId) });
  }

  async dropSegmentFiles(row: Pick<SwapRow, 'uid' | 'id'>): Promise<void> {
    for (const key of await this.d.storage.list(segmentPrefix(row))) await this.d.storage.delete(key);
  }
}
