// The ffmpeg adapter on real clips: facts from the probe, frame-exact decoding from any frame,
// segments joined without re-encoding with the original sound and a label.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMediaTools, outputSize, type MediaTools } from '../../src/infra/media/index.ts';
import { tempDir } from '../support/tmp.ts';
import { counterClip, photoClip } from './clips.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';

const tmp = tempDir('visage-media-');
let media: MediaTools;
beforeAll(() => {
  media = findMediaTools()!;
});
afterAll(() => tmp.remove());

describe('ffmpeg adapter', () => {
  it('is off when ffmpeg cannot be found', () => {
    expect(findMediaTools('/nowhere/ffmpeg')).toBeNull();
    expect(media).not.toBeNull();
  });

  it('decodes exactly the frames asked for, from any frame', async () => {
    const clip = counterClip(tmp.dir);
    const probe = await media.probe(clip);
    expect(probe).toMatchObject({ width: 64, height: 48, fps: { num: 25, den: 1 }, frames: 38, rotation: 0, audio: false });
    const reds: number[] = [];
    for await (const f of media.decode(clip, { firstFrame: 20, frames: 5, maxHeight: 1080, probe })) reds.push(f.data[0]!);
    expect(reds.map((r) => Math.round(r / 6))).toEqual([20, 21, 22, 23, 24]);
    const all: number[] = [];
    for await (const f of media.decode(clip, { firstFrame: 30, frames: 20, maxHeight: 1080, probe })) all.push(Math.round(f.data[0]! / 6));
    expect(all).toEqual([30, 31, 32, 33, 34, 35, 36, 37]);
  });

  it('keeps the display orientation, joins segments with the sound and a label', async () => {
    const clip = photoClip(tmp.dir, join(FIXTURES_DIR, '012_ai-sfhq-east-asian-woman.jpg'));
    const probe = await media.probe(clip);
    // Stored on its side (height × width), shown upright.
    expect(probe).toMatchObject({ width: 240, rotation: 270, audio: true, frames: 30 });
    const size = outputSize(probe, 1080);
    const segments: string[] = [];
    for (const [i, first] of [0, 16].entries()) {
      const file = join(tmp.dir, `seg-${i}.mp4`);
      const enc = media.encoder(file, { ...size, fps: probe.fps });
      for await (const f of media.decode(clip, { firstFrame: first, frames: 16, maxHeight: 1080, probe })) {
        expect([f.width, f.height]).toEqual([size.width, size.height]);
        await enc.write(f.data);
      }
      await enc.finish();
      segments.push(file);
    }
    const out = join(tmp.dir, 'joined.mp4');
    expect(await media.join(segments, { audioFrom: clip, out, metadata: { comment: 'label' }, duration: 30 / 25 })).toEqual({ audio: true });
    const joined = await media.probe(out);
    expect(joined).toMatchObject({ width: probe.width, height: probe.height, frames: 30, rotation: 0, audio: true, fps: { num: 25, den: 1 } });
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags=comment', '-of', 'default=nw=1:nk=1', out]).toString().trim()).toBe('label');
    // Without readable sound the join still gives the video.
    const silent = join(tmp.dir, 'silent.mp4');
    expect(await media.join(segments, { audioFrom: join(tmp.dir, 'missing.mp4'), out: silent, metadata: {}, duration: 1.2 })).toEqual({ audio: false });
    expect((await media.probe(silent)).audio).toBe(false);
    const poster = await media.poster(out, 0.5);
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const samples = await media.sample(clip, [0, 0.5, 1, 9], { maxHeight: 1080, size: { width: 224, height: 224 }, probe });
    expect(samples.map((s) => s.data.length)).toEqual([224 * 224 * 3, 224 * 224 * 3, 224 * 224 * 3]);
  });
});
