// The video.prepare job: the clip probed, a frame a second checked for explicit content, the
// person to replace found, then the clip cut into segments, each enqueued as a job of its own.
import { VIDEO_MAX_HEIGHT } from '@visage/contracts';
import { CLASSIFIER_SIDE } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { MediaError } from '../../infra/media/index.ts';
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
    // Explicit content is refused before any frame is swapped: a frame a second, at the classifier's size.
    const times = Array.from({ length: Math.max(1, Math.ceil(probe.duration)) }, (_, i) => i + 0.5).filter((t, i) => i === 0 || t < probe.duration);
    const samples = await media.sample(clip.path, times, { maxHeight: VIDEO_MAX_HEIGHT, size: { width: CLASSIFIER_SIDE, height: CLASSIFIER_SIDE }, probe });
    for (const frame of samples) {
      try {
        await p.d.content.assertAllowed(frame.data);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'explicit_content') throw err;
        await p.fail(swapId, 'explicit_content');
        return { swapId, status: 'failed' };
      }
    }
    const descriptor = facts.descriptor ?? (await personOf(p, clip.path, facts));
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

/** The chosen person's descriptor, looked for in frames spread over the clip; null when nobody is there. */
async function personOf(p: VideoJobContext, path: string, facts: ClipFacts): Promise<number[] | null> {
  const count = Math.min(12, Math.max(4, Math.round(facts.duration)));
  const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * facts.duration) / count);
  const frames = await p.tools().sample(path, times, { maxHeight: VIDEO_MAX_HEIGHT, probe: facts });
  const { people } = await p.d.engine.videoPeople({ frames });
  return people[facts.person]?.descriptor ?? people[0]?.descriptor ?? null;
}
