import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { swapFaces } from '../src/index.ts';
import { calmGrain, MAX_GRAIN_RATIO, mulberry32, planarLevel } from '../src/pipeline/grain.ts';
import { decodedWithFace, fixture, FILES } from './fixtures.ts';

describe('calmGrain', () => {
  const w = 64, h = 64, n = w * h;
  const skin = new Uint8Array(n).fill(1);
  /** A grey ramp (no fine detail) plus noise of `sigma`, the same in each channel. */
  const plane = (sigma: number) => {
    const rand = mulberry32(5);
    const p = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const v = 60 + (i % w) + ((rand() + rand() + rand() - 1.5) * 2) * sigma;
      p[i] = v; p[n + i] = v; p[2 * n + i] = v;
    }
    return p;
  };

  it('brings a grain far over the target\'s down toward MAX_GRAIN_RATIO times it', () => {
    const p = plane(6);
    const have = planarLevel(p, w, h, skin, 1), want = have / 4;
    calmGrain(p, w, h, want, have);
    const after = planarLevel(p, w, h, skin, 1);
    expect(after).toBeLessThan(0.7 * have);
    expect(after).toBeGreaterThan(0.25 * have);
  });

  it('leaves a grain within the ratio, and what has none, as they are', () => {
    const p = plane(2), before = Float32Array.from(p);
    const have = planarLevel(p, w, h, skin, 1);
    calmGrain(p, w, h, have / MAX_GRAIN_RATIO, have);
    expect(p).toEqual(before);
    const ramp = plane(0), flat = Float32Array.from(ramp);
    calmGrain(ramp, w, h, 0.1, 10);
    // A ramp has no fine band (its edge columns, blurred against themselves, aside).
    for (let i = 0; i < ramp.length; i++) if (i % w > 0 && i % w < w - 1) expect(ramp[i]).toBeCloseTo(flat[i]!, 3);
  });

  it('calms a face photo taken in the dark, whose noise the light\'s gain would bring up with it', async () => {
    // 007 at 0.3 of its exposure with sensor-like noise (sigma 4), as a phone in a dim room takes it.
    const { data, info } = await sharp(fixture(FILES.older)).raw().toBuffer({ resolveWithObject: true });
    const rand = mulberry32(7);
    const noisy = Buffer.from(data);
    for (let i = 0; i < data.length; i++) {
      let u = 0;
      for (let k = 0; k < 12; k++) u += rand();
      noisy[i] = Math.max(0, Math.min(255, Math.round(data[i]! * 0.3 + (u - 6) * 4)));
    }
    const dark = await sharp(noisy, { raw: info }).jpeg({ quality: 85 }).toBuffer();
    const { face } = await decodedWithFace(FILES.eastAsian);
    // Mean |Laplacian| of luminance over both cheeks of the new face.
    const fineLevel = (img: { data: Uint8Array; width: number }) => {
      const L = (x: number, y: number) => { const p = 3 * (y * img.width + x); return 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!; };
      let s = 0, count = 0;
      for (const lm of [50, 280]) {
        const [cx, cy] = face.landmarks[lm]!, r = 0.06 * face.size;
        for (let y = Math.round(cy - r); y <= cy + r; y++) for (let x = Math.round(cx - r); x <= cx + r; x++) {
          if (Math.hypot(x - cx, y - cy) > r) continue;
          s += Math.abs(4 * L(x, y) - L(x - 1, y) - L(x + 1, y) - L(x, y - 1) - L(x, y + 1));
          count++;
        }
      }
      return s / count;
    };
    const swap = async (source: Buffer) => fineLevel((await swapFaces({ source, target: fixture(FILES.eastAsian), identity: false, keepRaw: true })).raw!.image);
    const plain = await swap(fixture(FILES.older));
    const fromDark = await swap(dark);
    // Uncalmed, 13.6 against the plain photo's 4.7 (the target's own cheeks: 1.7).
    expect(plain).toBeLessThan(6);
    expect(fromDark).toBeLessThan(10.5);
  });
});
