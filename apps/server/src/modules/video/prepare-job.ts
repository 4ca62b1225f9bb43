// The video.prepare job: the clip probed, a frame a second checked for explicit content while the
// person to replace is found, then the clip cut into segments, each enqueued as a job of its own.
import { VIDEO_MAX_HEIGHT } from '@visage/contracts';
import { CLASSIFIER_SIDE } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { MediaError, type VideoProbe } from '../../infra/media/index.ts';
import { type ClipFacts, parseFacts } from '../swaps/video-facts.ts';
import { segmentJobId, videoSegmentJob } from './jobs.ts';
import type { Outcome, VideoJobContext } from './job-context.ts';

export async function prepareClip(p: VideoJobContext, swapId: string): Promise<Outcome> {
  const row = await p.d.swaps.get(swapId);
  if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
  if (row.status !== 'queued' && row.status !== 'running') return { swapId, status: row.status };
  const facts = parseFacts(row.video);
  if (!facts) {
    await p.fail(swapId, 'corrupt_video');
    return { swapId, status: 'failed' };
  }
  await p.d.swaps.start(swapId);
  const clip = await p.d.clips.acquire(row.target_key);
  if (!clip) {
    await p.fail(swapId, 'engine_failed');
    return { swapId, status: 'failed' };
  }
  try {
    const media = p.tools();
    let probe;
    try {
      probe = await media.probe(clip.path);
    } catch (err) {
      if (!(err instanceof MediaError)) throw err;
      await p.fail(swapId, 'corrupt_video');
      return { swapId, status: 'failed' };
    }
    // The content check and the search for the person run at once (the classifier and the engine
    // are processes of their own); a refusal still comes before any frame is swapped.
    const [checked, found] = await Promise.allSettled([
      checkContent(p, clip.path, probe),
      facts.descriptor ? Promise.resolve(facts.descriptor) : personOf(p, clip.path, facts),
    ]);
    if (checked.status === 'rejected') {
      const err: unknown = checked.reason;
      if (!(err instanceof AppError) || err.code !== 'explicit_content') throw err;
      await p.fail(swapId, 'explicit_content');
      return { swapId, status: 'failed' };
    }
    if (found.status === 'rejected') throw found.reason;
    const descriptor = found.value;
    if (!descriptor) {
      await p.fail(swapId, 'no_face_target');
      return { swapId, status: 'failed' };
    }
    const fps = facts.fps.num / facts.fps.den;
    const per = Math.max(1, Math.round(p.d.segmentSeconds * fps));
    const count = Math.ceil(facts.frames / per);
    const segments = Array.from({ length: count }, (_, idx) => ({ swap_id: swapId, idx, first_frame: idx * per, frames: Math.min(per, facts.frames - idx * per) }));
    await p.d.repo.setFacts(swapId, JSON.stringify({ ...facts, descriptor, startedAt: facts.startedAt ?? p.now() } satisfies ClipFacts));
    await p.d.repo.insertSegments(segments, p.now());
    for (const s of segments) await p.d.queue.enqueue(videoSegmentJob, { swapId, idx: s.idx }, { jobId: segmentJobId(swapId, s.idx) });
    return { swapId, status: 'running' };
  } finally {
    clip.release();
  }
}

/** Throws explicit_content when a frame a second, read at the classifier's size, is explicit. */
async function checkContent(p: VideoJobContext, path: string, probe: VideoProbe): Promise<void> {
  const times = Array.from({ length: Math.max(1, Math.ceil(probe.duration)) }, (_, i) => i + 0.5).filter((t, i) => i === 0 || t < probe.duration);
  const samples = await p.tools().sample(path, times, { maxHeight: VIDEO_MAX_HEIGHT, size: { width: CLASSIFIER_SIDE, height: CLASSIFIER_SIDE }, probe });
  for (const frame of samples) await p.d.content.assertAllowed(frame.data);
}

/** The chosen person's descriptor, looked for in frames spread over the clip; null when nobody is there. */
async function personOf(p: VideoJobContext, path: string, facts: ClipFacts): Promise<number[] | null> {
  const count = Math.min(12, Math.max(4, Math.round(facts.duration)));
  const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * facts.duration) / count);
  const frames = await p.tools().sample(path, times, { maxHeight: VIDEO_MAX_HEIGHT, probe: facts });
  const { people } = await p.d.engine.videoPeople({ frames });
  return people[facts.person]?.descriptor ?? people[0]?.descriptor ?? null;
}
