// The video.join job: the segments' files joined without re-encoding, the clip's sound put back,
// the AI label written, a poster taken; then the swap completes and the segments' files go.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline as pipe } from 'node:stream/promises';
import sharp from 'sharp';
import { manipulationVideoTags } from '../swaps/labelling.ts';
import { parseFacts } from '../swaps/video-facts.ts';
import type { Outcome, VideoJobContext } from './job-context.ts';

export async function joinSegments(p: VideoJobContext, swapId: string): Promise<Outcome> {
  const row = await p.d.swaps.get(swapId);
  if (!row || row.kind !== 'video') return { swapId, status: 'missing' };
  if (row.status !== 'running') {
    await p.dropSegmentFiles(row);
    return { swapId, status: row.status };
  }
  const facts = parseFacts(row.video);
  const segments = await p.d.repo.segments(swapId);
  if (!facts || segments.some((s) => s.status !== 'done')) return { swapId, status: 'running' };
  const dir = await mkdtemp(join(tmpdir(), 'visage-join-'));
  const clip = facts.audio ? await p.d.clips.acquire(row.target_key) : null;
  try {
    const parts: string[] = [];
    for (const s of segments) {
      if (!s.result_key) continue;
      const stored = await p.d.storage.getStream(s.result_key);
      if (!stored) throw new Error(`segment ${s.idx} of ${swapId} is missing from storage`);
      const path = join(dir, `seg-${s.idx}.mp4`);
      await pipe(stored.stream, createWriteStream(path));
      parts.push(path);
    }
    if (parts.length === 0) {
      await p.fail(swapId, 'corrupt_video');
      return { swapId, status: 'failed' };
    }
    const frames = segments.reduce((n, s) => n + s.frames_done, 0);
    const duration = frames / (facts.fps.num / facts.fps.den);
    const out = join(dir, 'result.mp4');
    const media = p.tools();
    const { audio } = await media.join(parts, { audioFrom: clip?.path ?? null, out, metadata: manipulationVideoTags(new Date(p.now())), duration });
    const poster = await sharp(await media.poster(out, Math.min(1, duration / 2)))
      .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    const keys = { result_key: `results/${row.uid}/${swapId}.mp4`, thumb_key: `results/${row.uid}/${swapId}-poster.jpg` };
    await p.d.storage.putFile(keys.result_key, out, 'video/mp4');
    await p.d.storage.put(keys.thumb_key, poster, 'image/jpeg');
    if (!(await p.d.swaps.complete(swapId, keys, { frames, audio, segments: segments.length }))) {
      // Cancelled or failed meanwhile: its files are nobody's.
      const now = await p.d.swaps.get(swapId);
      if (now?.status !== 'done') await Promise.allSettled([p.d.storage.delete(keys.result_key), p.d.storage.delete(keys.thumb_key)]);
      return { swapId, status: now?.status ?? 'missing' };
    }
    await p.dropSegmentFiles(row);
    return { swapId, status: 'done' };
  } finally {
    clip?.release();
    await rm(dir, { recursive: true, force: true });
  }
}
