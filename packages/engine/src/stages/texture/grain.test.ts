import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { swapFaces } from '../../index.ts';
import { calmGrain, MAX_GRAIN_RATIO, mulberry32, noiseSigma, NOISY_FROM, planarLevel, planarNoise, targetNoise } from './grain.ts';
import { decodedWithFace, fixture, FILES } from '../../../test/fixtures.ts';

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

describe('noise', () => {
  it('reads the sigma of white noise, and none on a smooth ramp', () => {
    for (const sigma of [3, 6]) {
      const read = planarNoise(plane(sigma), w, h, skin, 1) / sigma;
      expect(read, `sigma ${sigma}`).toBeGreaterThan(0.85);
      expect(read, `sigma ${sigma}`).toBeLessThan(1.15);
    }
    expect(planarNoise(plane(0), w, h, skin, 1)).toBeLessThan(0.2);
  });

  it('gives a face the noise of a target far noisier, and nothing else', () => {
    expect(noiseSigma(7, 2)).toBeCloseTo(Math.sqrt(45), 5);
    // A clean photo (the fixtures read 0.7–1.3), or one barely noisier than the face: nothing.
    expect(noiseSigma(NOISY_FROM - 0.1, 0.5)).toBe(0);
    expect(noiseSigma(4, 3)).toBe(0);
  });

  it('gives a clean face photo the noise of a high-ISO target photo', async () => {
    // 012 with noise of sigma 6 added reads 6.9; 008 pasted there read 1.9, plastic beside it.
    const { data, info } = await sharp(fixture(FILES.eastAsian)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rand = mulberry32(9);
    for (let i = 0; i < data.length; i += 3) {
      const v = (rand() + rand() + rand() - 1.5) * 12;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c]! + v)));
    }
    const noisy = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const t = await decodedWithFace(noisy);
    const r = await swapFaces({ source: fixture(FILES.glasses), target: noisy, identity: false, keepRaw: true });
    const m = r.raw!.masks[0]!;
    const want = targetNoise(t.img.data, t.img.width, m.roi, m.support);
    expect(want).toBeGreaterThan(5);
    expect(targetNoise(r.raw!.image.data, t.img.width, m.roi, m.support) / want).toBeGreaterThan(0.75);
  });
});

describe('calmGrain', () => {
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
