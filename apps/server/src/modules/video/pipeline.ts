// The video swap's jobs: prepare (probe, content check, person, segments), segment (decode →
// engine → encode, a chunk at a time) and join. Each may run again after a crash: a segment is
// redone from its first frame, results go to keys derived from the swap, and the join job id is
// derived from the swap, so the last segments to finish enqueue it once between them.
import { hostname } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline as pipe } from 'node:stream/promises';
import sharp from 'sharp';
import { VIDEO_MAX_HEIGHT, type SwapErrorCode } from '@visage/contracts';
import { CLASSIFIER_SIDE, type SourcePhotoAnalysis } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { MediaError, type MediaTools, type RawFrame } from '../../infra/media/index.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { ContentCheck } from '../uploads/index.ts';
import { manipulationVideoTags } from '../swaps/labelling.ts';
import { isCodedEngineError, type SavedFaceKeys } from '../swaps/ports.ts';
import type { SwapRow } from '../swaps/repository.ts';
import type { SwapsService } from '../swaps/service.ts';
import type { SegmentFinished } from '../webhooks/index.ts';
import { parseFacts, type ClipFacts } from '../swaps/video-facts.ts';
import type { ClipFiles } from './clip-files.ts';
import { pastePatch } from './frames.ts';
import { joinJobId, segmentJobId, videoJoinJob, videoPrepareJob, videoSegmentJob } from './jobs.ts';
import type { VideoEngine, VideoTrack } from './ports.ts';
import type { VideoRepository } from './repository.ts';

/** Frames handed to the engine per call: its tracking carries over from one call to the next. */
export const CHUNK_FRAMES = 12;
/** Which process swapped a segment (several workers share a clip). */
export const WORKER_ID = `${hostname()}:${process.pid}`;

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

type Outcome = { swapId: string; status: string };
/** The face photo a segment swaps in, with its kept analysis when it is a saved face. */
type FaceSource = { source: Buffer; sourceAnalysis?: SourcePhotoAnalysis };

/** The segments' own files go once they are joined, failed or cancelled. */
export const segmentPrefix = (row: Pick<SwapRow, 'uid' | 'id'>) => `videos/${row.uid}/${row.id}/`;

export class VideoPipeline {
  private readonly now: () => number;
  private readonly finishedListeners: Array<(segment: SegmentFinished) => Promise<void>> = [];

  constructor(private readonly d: PipelineDeps) {
    this.now = d.now ?? Date.now;
  }

  /** Told of each segment finished while its swap runs, and again when a re-run job finds it finished. */
  onSegmentFinished(listener: (segment: SegmentFinished) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  private async segmentFinished(row: SwapRow, idx: number): Promise<void> {
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

  private tools(): MediaTools {
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

  async prepare(swapId: string): Promise<Outcome> {
    const row = await this.d.swaps.get(swapId);
    if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
    if (row.status !== 'queued' && row.status !== 'running') return { swapId, status: row.status };
    const facts = parseFacts(row.video);
    if (!facts) {
      await this.fail(swapId, 'corrupt_video');
      return { swapId, status: 'failed' };
    }
    await this.d.swaps.start(swapId);
    const clip = await this.d.clips.acquire(row.target_key);
    if (!clip) {
      await this.fail(swapId, 'engine_failed');
      return { swapId, status: 'failed' };
    }
    try {
      const media = this.tools();
      let probe;
      try {
        probe = await media.probe(clip.path);
      } catch (err) {
        if (!(err instanceof MediaError)) throw err;
        await this.fail(swapId, 'corrupt_video');
        return { swapId, status: 'failed' };
      }
      // Explicit content is refused before any frame is swapped: a frame a second, at the classifier's size.
      const times = Array.from({ length: Math.max(1, Math.ceil(probe.duration)) }, (_, i) => i + 0.5).filter((t, i) => i === 0 || t < probe.duration);
      const samples = await media.sample(clip.path, times, { maxHeight: VIDEO_MAX_HEIGHT, size: { width: CLASSIFIER_SIDE, height: CLASSIFIER_SIDE }, probe });
      for (const frame of samples) {
        try {
          await this.d.content.assertAllowed(frame.data);
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'explicit_content') throw err;
          await this.fail(swapId, 'explicit_content');
          return { swapId, status: 'failed' };
        }
      }
      const descriptor = facts.descriptor ?? (await this.personOf(clip.path, facts));
      if (!descriptor) {
        await this.fail(swapId, 'no_face_target');
        return { swapId, status: 'failed' };
      }
      const fps = facts.fps.num / facts.fps.den;
      const per = Math.max(1, Math.round(this.d.segmentSeconds * fps));
      const count = Math.ceil(facts.frames / per);
      const segments = Array.from({ length: count }, (_, idx) => ({ swap_id: swapId, idx, first_frame: idx * per, frames: Math.min(per, facts.frames - idx * per) }));
      await this.d.repo.setFacts(swapId, JSON.stringify({ ...facts, descriptor, startedAt: facts.startedAt ?? this.now() } satisfies ClipFacts));
      await this.d.repo.insertSegments(segments, this.now());
      for (const s of segments) await this.d.queue.enqueue(videoSegmentJob, { swapId, idx: s.idx }, { jobId: segmentJobId(swapId, s.idx) });
      return { swapId, status: 'running' };
    } finally {
      clip.release();
    }
  }

  /** The chosen person's descriptor, looked for in frames spread over the clip; null when nobody is there. */
  private async personOf(path: string, facts: ClipFacts): Promise<number[] | null> {
    const count = Math.min(12, Math.max(4, Math.round(facts.duration)));
    const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * facts.duration) / count);
    const frames = await this.tools().sample(path, times, { maxHeight: VIDEO_MAX_HEIGHT, probe: facts });
    const { people } = await this.d.engine.videoPeople({ frames });
    return people[facts.person]?.descriptor ?? people[0]?.descriptor ?? null;
  }

  async segment(swapId: string, idx: number, signal: AbortSignal): Promise<Outcome> {
    const row = await this.d.swaps.get(swapId);
    if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
    if (row.status !== 'running') {
      await this.dropSegmentFiles(row);
      return { swapId, status: row.status };
    }
    const seg = await this.d.repo.segment(swapId, idx);
    const facts = parseFacts(row.video);
    if (!seg || !facts) return { swapId, status: 'missing' };
    if (seg.status === 'done') {
      // A crash may have come between the segment's end and its event: tell of it again (same id).
      await this.segmentFinished(row, idx);
      await this.joinWhenAllDone(swapId);
      return { swapId, status: 'running' };
    }
    const clip = await this.d.clips.acquire(row.target_key);
    let source: FaceSource | null;
    try {
      source = await this.sourceOf(row);
    } catch (err) {
      clip?.release();
      throw err;
    }
    if (!clip || !source) {
      clip?.release();
      await this.fail(swapId, 'engine_failed');
      return { swapId, status: 'failed' };
    }
    const dir = await mkdtemp(join(tmpdir(), 'visage-seg-'));
    const out = join(dir, 'segment.mp4');
    const media = this.tools();
    const encoder = media.encoder(out, { width: facts.outWidth, height: facts.outHeight, fps: facts.fps });
    let finished = false;
    try {
      await this.d.repo.startSegment(swapId, idx, WORKER_ID, this.now());
      const fps = facts.fps.num / facts.fps.den;
      let track: VideoTrack | null = null;
      let done = 0;
      let chunk: RawFrame[] = [];
      const flush = async (): Promise<boolean> => {
        const result = await this.d.engine.swapFrames({ ...source, frames: chunk, firstIndex: seg.first_frame + done, fps, person: facts.descriptor, track });
        track = result.track;
        for (const [i, frame] of chunk.entries()) {
          const patch = result.patches[i];
          if (patch) pastePatch(frame, patch);
          await encoder.write(frame.data);
        }
        done += chunk.length;
        chunk = [];
        await this.d.repo.setFramesDone(swapId, idx, done, this.now());
        // Cancelled (or failed elsewhere) meanwhile: stop here rather than swap frames nobody will see.
        return (await this.d.swaps.get(swapId))?.status === 'running';
      };
      for await (const frame of media.decode(clip.path, { firstFrame: seg.first_frame, frames: seg.frames, maxHeight: VIDEO_MAX_HEIGHT, probe: facts })) {
        if (signal.aborted) throw new Error('segment stopped: the job lease was lost or the worker is stopping');
        chunk.push(frame);
        if (chunk.length === CHUNK_FRAMES && !(await flush())) return { swapId, status: 'cancelled' };
      }
      if (chunk.length > 0 && !(await flush())) return { swapId, status: 'cancelled' };
      let key: string | null = null;
      if (done > 0) {
        await encoder.finish();
        key = `${segmentPrefix(row)}seg-${idx}.mp4`;
        await this.d.storage.putFile(key, out, 'video/mp4');
      } else encoder.kill();
      finished = true;
      await this.d.repo.finishSegment(swapId, idx, key, done, this.now());
      // Ended while the file was written: nobody will join it.
      if ((await this.d.swaps.get(swapId))?.status !== 'running') {
        await this.dropSegmentFiles(row);
        return { swapId, status: 'cancelled' };
      }
      await this.segmentFinished(row, idx);
      await this.joinWhenAllDone(swapId);
      return { swapId, status: 'running' };
    } catch (err) {
      if (isCodedEngineError(err)) {
        await this.fail(swapId, err.code);
        return { swapId, status: 'failed' };
      }
      throw err;
    } finally {
      if (!finished) encoder.kill();
      clip.release();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Each segment checks after its own end; of the last two to end, at least one sees all done (the join's id is the swap's). */
  private async joinWhenAllDone(swapId: string): Promise<void> {
    if ((await this.d.repo.countNotDone(swapId)) === 0) await this.d.queue.enqueue(videoJoinJob, { swapId }, { jobId: joinJobId(swapId) });
  }

  private async sourceOf(row: SwapRow): Promise<FaceSource | null> {
    const saved = await this.d.savedFaces?.sourcePhotos(row.uid, row.source_key);
    if (saved && saved.length > 0) return { source: saved[0]!.body, sourceAnalysis: saved[0]!.analysis };
    const file = await this.d.storage.get(row.source_key);
    return file ? { source: file.body } : null;
  }

  async join(swapId: string): Promise<Outcome> {
    const row = await this.d.swaps.get(swapId);
    if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
    if (row.status !== 'running') {
      await this.dropSegmentFiles(row);
      return { swapId, status: row.status };
    }
    const facts = parseFacts(row.video);
    const segments = await this.d.repo.segments(swapId);
    if (!facts || segments.some((s) => s.status !== 'done')) return { swapId, status: 'running' };
    const dir = await mkdtemp(join(tmpdir(), 'visage-join-'));
    const clip = facts.audio ? await this.d.clips.acquire(row.target_key) : null;
    try {
      const parts: string[] = [];
      for (const s of segments) {
        if (!s.result_key) continue;
        const stored = await this.d.storage.getStream(s.result_key);
        if (!stored) throw new Error(`segment ${s.idx} of ${swapId} is missing from storage`);
        const path = join(dir, `seg-${s.idx}.mp4`);
        await pipe(stored.stream, createWriteStream(path));
        parts.push(path);
      }
      if (parts.length === 0) {
        await this.fail(swapId, 'corrupt_video');
        return { swapId, status: 'failed' };
      }
      const frames = segments.reduce((n, s) => n + s.frames_done, 0);
      const duration = frames / (facts.fps.num / facts.fps.den);
      const out = join(dir, 'result.mp4');
      const media = this.tools();
      const { audio } = await media.join(parts, { audioFrom: clip?.path ?? null, out, metadata: manipulationVideoTags(new Date(this.now())), duration });
      const poster = await sharp(await media.poster(out, Math.min(1, duration / 2)))
        .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      const keys = { result_key: `results/${row.uid}/${swapId}.mp4`, thumb_key: `results/${row.uid}/${swapId}-poster.jpg` };
      await this.d.storage.putFile(keys.result_key, out, 'video/mp4');
      await this.d.storage.put(keys.thumb_key, poster, 'image/jpeg');
      if (!(await this.d.swaps.complete(swapId, keys, { frames, audio, segments: segments.length }))) {
        // Cancelled or failed meanwhile: its files are nobody's.
        const now = await this.d.swaps.get(swapId);
        if (now?.status !== 'done') await Promise.allSettled([this.d.storage.delete(keys.result_key), this.d.storage.delete(keys.thumb_key)]);
        return { swapId, status: now?.status ?? 'missing' };
      }
      await this.dropSegmentFiles(row);
      return { swapId, status: 'done' };
    } finally {
      clip?.release();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * At start: each video swap not finished is checked against its jobs. A job missing is enqueued
   * again (each is idempotent); one that ended while its work is not done fails the swap (its
   * allowance given back).
   */
  async reconcile(batch = 200): Promise<{ requeued: number; failed: number }> {
    const out = { requeued: 0, failed: 0 };
    let after: { created_at: number; id: string } | undefined;
    for (;;) {
      const rows = await this.d.repo.unfinished(batch, after);
      for (const row of rows) {
        const segments = await this.d.repo.segments(row.id);
        const pending = segments.filter((s) => s.status !== 'done');
        const jobs = segments.length === 0
          ? [{ id: row.job_id, enqueue: () => this.d.queue.enqueue(videoPrepareJob, { swapId: row.id }, { jobId: row.job_id }) }]
          : pending.length > 0
            ? pending.map((s) => ({ id: segmentJobId(row.id, s.idx), enqueue: () => this.d.queue.enqueue(videoSegmentJob, { swapId: row.id, idx: s.idx }, { jobId: segmentJobId(row.id, s.idx) }) }))
            : [{ id: joinJobId(row.id), enqueue: () => this.d.queue.enqueue(videoJoinJob, { swapId: row.id }, { jobId: joinJobId(row.id) }) }];
        let ended = false;
        for (const job of jobs) {
          const found = await this.d.queue.get(job.id);
          if (!found) {
            await job.enqueue();
            out.requeued += 1;
          } else if (found.status === 'done' || found.status === 'failed') ended = true;
        }
        if (ended) {
          await this.fail(row.id, 'engine_failed');
          out.failed += 1;
        }
      }
      if (rows.length < batch) return out;
      after = rows.at(-1);
    }
  }

  async dropSegmentFiles(row: Pick<SwapRow, 'uid' | 'id'>): Promise<void> {
    for (const key of await this.d.storage.list(segmentPrefix(row))) await this.d.storage.delete(key);
  }
}
