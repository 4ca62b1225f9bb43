// The video operations on small synthetic clips made from the fixtures: who is in a clip, a still
// face swapped without flicker, a track carried from one chunk to the next, and a covered face
// faded out rather than dropped.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FILES, fixture } from '../../test/fixtures.ts';
import { swapFrames } from './swap-frames.ts';
import type { FramePatch, RawFrame, VideoTrack } from './video-options.ts';
import { videoPeople } from './video-people.ts';
import { FADE_FRAMES, HOLD_FRAMES } from './video-track.ts';

const W = 480, H = 360, FPS = 30;
const SOURCE = fixture(FILES.hopper);

/** A W×H frame: each photo at its size and place over a plain background. */
async function frame(photos: Array<{ name: string; side: number; left: number; top: number }>): Promise<RawFrame> {
  const layers = await Promise.all(photos.map(async (p) => ({ input: await sharp(fixture(p.name)).resize(p.side, p.side).removeAlpha().png().toBuffer(), left: p.left, top: p.top })));
  const data = await sharp({ create: { width: W, height: H, channels: 3, background: '#7d8791' } }).composite(layers).removeAlpha().raw().toBuffer();
  return { width: W, height: H, data };
}

/** A still photo shifted `dx` pixels a frame. */
function stillClip(n: number, dx = 2): Promise<RawFrame[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => frame([{ name: FILES.eastAsian, side: 300, left: 80 + dx * i, top: 30 }])));
}

function applied(f: RawFrame, p: FramePatch | null): Buffer {
  const out = Buffer.from(f.data);
  if (p) for (let y = 0; y < p.height; y++) p.data.copy(out, ((p.y + y) * f.width + p.x) * 3, y * p.width * 3, (y + 1) * p.width * 3);
  return out;
}

/** Mean absolute difference per channel between two frames inside a rectangle. */
function meanDiff(a: Buffer, b: Buffer, r: { x: number; y: number; width: number; height: number }): number {
  let s = 0;
  for (let y = r.y; y < r.y + r.height; y++) for (let i = (y * W + r.x) * 3; i < (y * W + r.x + r.width) * 3; i++) s += Math.abs(a[i]! - b[i]!);
  return s / (r.width * r.height * 3);
}

describe('videoPeople', () => {
  it('finds two people side by side, the larger first, with their boxes and thumbnails', async () => {
    const frames = await Promise.all([0, 6].map((d) => frame([{ name: FILES.glasses, side: 170, left: 20 + d, top: 90 }, { name: FILES.eastAsian, side: 250, left: 215 - d, top: 50 }])));
    const { people } = await videoPeople({ frames });
    expect(people).toHaveLength(2);
    const [first, second] = people as [typeof people[0], typeof people[0]];
    expect(first.size).toBeGreaterThan(second.size);
    // The larger face was pasted on the right.
    expect(first.boxes.every((b) => b !== null && b[0] > 215)).toBe(true);
    expect(second.boxes.every((b) => b !== null && b[0] < 200)).toBe(true);
    for (const p of people) {
      expect(p.seen).toBe(1);
      expect(p.usable).toBe(true);
      expect(p.descriptor).toHaveLength(1024);
      const meta = await sharp(p.thumbnail).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 160, 160]);
    }
  });
});

describe('swapFrames', () => {
  it('swaps a still face shifted a little each frame, moving no more than its input', async () => {
    const frames = await stillClip(6);
    const { patches, track, timings } = await swapFrames({ source: SOURCE, frames, firstIndex: 0, fps: FPS });
    expect(patches.every((p) => p !== null)).toBe(true);
    expect(track.index).toBe(5);
    expect(track.fade).toBe(1);
    expect(timings.detect).toBeGreaterThan(0);
    const out = frames.map((f, i) => applied(f, patches[i]!));
    // The face changed: over its rectangle the swap moved the pixels by far more than a shift does.
    const r = patches[0]!;
    expect(meanDiff(out[0]!, frames[0]!.data, r)).toBeGreaterThan(8);
    // No flicker: frame to frame, the result moves about as much as the input.
    let inside = 0, result = 0;
    for (let i = 1; i < frames.length; i++) {
      inside += meanDiff(frames[i]!.data, frames[i - 1]!.data, patches[i]!);
      result += meanDiff(out[i]!, out[i - 1]!, patches[i]!);
    }
    expect(result / inside).toBeLessThan(1.25);
  });

  it('carries its track into the next call, which follows the face without detecting again', async () => {
    const frames = await stillClip(8);
    const first = await swapFrames({ source: SOURCE, frames: frames.slice(0, 4), firstIndex: 0, fps: FPS });
    const track: VideoTrack = JSON.parse(JSON.stringify(first.track));
    const second = await swapFrames({ source: SOURCE, frames: frames.slice(4), firstIndex: 4, fps: FPS, track });
    expect(second.timings.detect).toBeUndefined();
    expect(second.timings.follow).toBeGreaterThan(0);
    expect(second.track.sinceDetect).toBe(7);
    expect(second.patches.every((p) => p !== null)).toBe(true);
    // A track from elsewhere in the clip is not continued: the face is detected again.
    const elsewhere = await swapFrames({ source: SOURCE, frames: frames.slice(4, 5), firstIndex: 20, fps: FPS, track });
    expect(elsewhere.timings.detect).toBeGreaterThan(0);
  });

  it('holds, then fades the swap out over several frames when the face is blacked out', async () => {
    const frames = await stillClip(2, 0);
    const covered = { ...frames[0]!, data: Buffer.from(frames[0]!.data) };
    // A black card over the whole head.
    for (let y = 20; y < 340; y++) covered.data.fill(0, (y * W + 70) * 3, (y * W + 400) * 3);
    let track: VideoTrack | null = null;
    const fades: number[] = [];
    const shown: boolean[] = [];
    for (let i = 0; i < 2 + HOLD_FRAMES + FADE_FRAMES; i++) {
      const r = await swapFrames({ source: SOURCE, frames: [i < 2 ? frames[i]! : covered], firstIndex: i, fps: FPS, track });
      track = r.track;
      fades.push(track.fade);
      shown.push(r.patches[0] !== null);
    }
    const step = 1 / FADE_FRAMES;
    // Found, held HOLD_FRAMES frames, then one step down each frame to nothing.
    expect(fades.slice(0, 2 + HOLD_FRAMES)).toEqual(new Array(2 + HOLD_FRAMES).fill(1));
    fades.slice(2 + HOLD_FRAMES).forEach((f, k) => expect(f).toBeCloseTo(Math.max(0, 1 - step * (k + 1)), 2));
    expect(shown.at(-1)).toBe(false);
  });
});
