import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { swapFaces } from '../index.ts';
import { almostGaussian } from '../raster/blur.ts';
import { defocus, focusBlur, MIN_FOCUS_BLUR } from './focus.ts';
import { faceBlur } from './face-blur.ts';
import { decodedWithFace, fixture, FILES } from '../../test/fixtures.ts';

/** Standard deviation of an impulse's spread along x, in the middle row. */
function spreadOf(sigma: number): number {
  const w = 61, h = 61, p = new Float32Array(w * h);
  p[30 * w + 30] = 1;
  almostGaussian(p, w, h, sigma);
  let s = 0, v = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { s += p[y * w + x]!; v += p[y * w + x]! * (x - 30) ** 2; }
  return Math.sqrt(v / s);
}

describe('almostGaussian', () => {
  it('blurs by about the sigma asked, between gaussianBlur\'s whole radii', () => {
    expect(spreadOf(1.5)).toBeCloseTo(Math.SQRT2, 2);
    expect(spreadOf(2)).toBeCloseTo(Math.sqrt(10 / 3), 2);
    expect(spreadOf(3)).toBeCloseTo(Math.sqrt(8), 2);
  });
});

describe('focusBlur', () => {
  it('blurs only toward a target softer than the source, by the difference in quadrature', () => {
    // A sharp target (its blur the half pixel of a sharp photo's) takes nothing.
    expect(focusBlur(0.5 / 300, 0.5 / 250, 250)).toBe(0);
    // The target 3 px soft on a 250-px face, the source sharp on a 300-px one.
    expect(focusBlur(0.5 / 300, 3 / 250, 250)).toBeCloseTo(Math.sqrt(9 - (0.5 * 250 / 300) ** 2), 5);
    // A source softer than the target: nothing (that is the grain's and the warning's business).
    expect(focusBlur(4 / 300, 3 / 250, 250)).toBe(0);
    expect(focusBlur(0.5 / 300, 0.8 / 250, 250)).toBeLessThan(MIN_FOCUS_BLUR);
  });
});

describe('defocus', () => {
  it('keeps an even face even to its edge, and leaves what lies outside the cover', () => {
    const w = 40, h = 30, n = w * h;
    const planes = new Float32Array(3 * n).fill(7);
    const cover = new Uint8Array(n);
    for (let y = 5; y < 25; y++) for (let x = 8; x < 32; x++) { cover[y * w + x] = 1; for (let c = 0; c < 3; c++) planes[c * n + y * w + x] = 100 + 50 * c; }
    defocus(planes, cover, w, h, 3);
    for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) expect(planes[c * n + i]).toBeCloseTo(cover[i] ? 100 + 50 * c : 7, 3);
  });
});

describe('a target photo out of focus', () => {
  it('gets a new face as soft as itself', async () => {
    // 012 under a blur of sigma 3: its face's edges read 3.2 px. A crisp 008 pasted there read 1.1.
    const blurred = await sharp(fixture(FILES.eastAsian)).blur(3).jpeg({ quality: 92 }).toBuffer();
    const t = await decodedWithFace(blurred);
    const target = faceBlur(t.img, t.face).sigma;
    const r = await swapFaces({ source: fixture(FILES.glasses), target: blurred, identity: false, keepRaw: true });
    const result = faceBlur(r.raw!.image, t.face).sigma;
    expect(target).toBeGreaterThan(2.5);
    expect(result / target).toBeGreaterThan(0.75);
    expect(result / target).toBeLessThan(1.3);
  });
});
