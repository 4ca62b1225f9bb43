// The video.segment job: its frames decoded, swapped by the engine a chunk at a time (the track
// carried from chunk to chunk) and encoded, then stored. Run again after a crash, it starts over
// from the segment's first frame and overwrites the same key.
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIDEO_MAX_HEIGHT } from '@visage/contracts';
import type { SourcePhotoAnalysis } from '@visage/engine';
import type { RawFrame } from '../../infra/media/index.ts';
import { failOnCodedError } from '../swaps/ports.ts';
import type { SwapRow } from '../swaps/repository.ts';
import { parseFacts } from '../swaps/video-facts.ts';
import { pastePatch } from './frames.ts';
import { segmentPrefix } from './jobs.ts';
import type { Outcome, VideoJobContext } from './job-context.ts';
import type { VideoTrack } from './ports.ts';

/** Which process swapped a segment (several workers share a clip). */
export const WORKER_ID = `${hostname()}:${process.pid}`;
/** Frames handed to the engine per call: its tracking carries over from one call to the next. */
export const CHUNK_FRAMES = 12;

/** The face photo a segment swaps in, with its kept analysis when it is a saved face. */
type FaceSource = { source: Buffer; sourceAnalysis?: SourcePhotoAnalysis };

export async function swapSegment(p: VideoJobContext, swapId: string, idx: number, signal: AbortSignal): Promise<Outcome> {
  const row = await p.d.swaps.get(swapId);
  if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
  if (row.status !== 'running') {
    await p.dropSegmentFiles(row);
    return { swapId, status: row.status };
  }
  const seg = await p.d.repo.segment(swapId, idx);
  const facts = parseFacts(row.video);
  if (!seg || !facts) return { swapId, status: 'missing' };
  if (seg.status === 'done') {
    // A crash may have come between the segment's end and its event: tell of it again (same id).
    await p.segmentFinished(row, idx);
    await p.joinWhenAllDone(swapId);
    return { swapId, status: 'running' };
  }
  const clip = await p.d.clips.acquire(row.target_key);
  let source: FaceSource | null;
  try {
    source = await sourceOf(p, row);
  } catch (err) {
    clip?.release();
    throw err;
  }
  if (!clip || !source) {
    clip?.release();
    await p.fail(swapId, 'engine_failed');
    return { swapId, status: 'failed' };
  }
  const dir = await mkdtemp(join(tmpdir(), 'visage-seg-'));
  const out = join(dir, 'segment.mp4');
  const media = p.tools();
  const encoder = media.encoder(out, { width: facts.outWidth, height: facts.outHeight, fps: facts.fps });
  let finished = false;
  try {
    await p.d.repo.startSegment(swapId, idx, WORKER_ID, p.now());
    const fps = facts.fps.num / facts.fps.den;
    let track: VideoTrack | null = null;
    let done = 0;
    let chunk: RawFrame[] = [];
    const flush = async (): Promise<boolean> => {
      const result = await p.d.engine.swapFrames({ ...source, frames: chunk, firstIndex: seg.first_frame + done, fps, person: facts.descriptor, track });
      track = result.track;
      for (const [i, frame] of chunk.entries()) {
        const patch = result.patches[i];
        if (patch) pastePatch(frame, patch);
        await encoder.write(frame.data);
      }
      done += chunk.length;
      chunk = [];
      await p.d.repo.setFramesDone(swapId, idx, done, p.now());
      // Cancelled (or failed elsewhere) meanwhile: stop here rather than swap frames nobody will see.
      return (await p.d.swaps.get(swapId))?.status === 'running';
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
      await p.d.storage.putFile(key, out, 'video/mp4');
    } else encoder.kill();
    finished = true;
    await p.d.repo.finishSegment(swapId, idx, key, done, p.now());
    // Ended while the file was written: nobody will join it.
    if ((await p.d.swaps.get(swapId))?.status !== 'running') {
      await p.dropSegmentFiles(row);
      return { swapId, status: 'cancelled' };
    }
    await p.segmentFinished(row, idx);
    await p.joinWhenAllDone(swapId);
    return { swapId, status: 'running' };
  } catch (err) {
    return await failOnCodedError(err, swapId, (id, code) => p.fail(id, code));
  } finally {
    if (!finished) encoder.kill();
    clip.release();
    await rm(dir, { recursive: true, force: true });
  }
}

async function sourceOf(p: VideoJobContext, row: SwapRow): Promise<FaceSource | null> {
  const saved = await p.d.savedFaces?.sourcePhotos(row.uid, row.source_key);
  if (saved && saved.length > 0) return { source: saved[0]!.body, sourceAnalysis: saved[0]!.analysis };
  const file = await p.d.storage.get(row.source_key);
  return file ? { source: file.body } : null;
}
