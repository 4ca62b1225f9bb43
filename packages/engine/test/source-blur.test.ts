import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { edgeSigma, faceBlur } from '../src/pipeline/source-blur.ts';
import { decodedWithFace, fixture, FILES } from './fixtures.ts';

/** A 96 × 96 plane of dark and light squares (edges of 100 levels) under a Gaussian of `sigma`. */
function blurredSquares(sigma: number): Float32Array {
  const n = 96, r = Math.ceil(3 * sigma);
  const sharpPlane = Float32Array.from({ length: n * n }, (_, i) => ((((i % n) / 16) | 0) + (((i / n) / 16) | 0)) % 2 ? 150 : 50);
  const k = Array.from({ length: 2 * r + 1 }, (_, j) => Math.exp(-((j - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const pass = (p: Float32Array, dx: number, dy: number) => Float32Array.from(p, (_, i) => {
    const x = i % n, y = (i / n) | 0;
    let s = 0;
    for (let j = -r; j <= r; j++) {
      const xx = Math.min(n - 1, Math.max(0, x + j * dx)), yy = Math.min(n - 1, Math.max(0, y + j * dy));
      s += k[j + r]! * p[yy * n + xx]!;
    }
    return s / sum;
  });
  return pass(pass(sharpPlane, 1, 0), 0, 1);
}

describe('edgeSigma', () => {
  it('reads the blur of step edges, with the 0.7 px or so the discrete gradient adds', () => {
    // Read: 1.26 for sigma 1, 1.67 for 1.5, 2.13 for 2, 3.04 for 3.
    for (const sigma of [1, 1.5, 2, 3]) expect(edgeSigma(blurredSquares(sigma), 96, 96), `sigma ${sigma}`).toBeCloseTo(Math.hypot(sigma, 0.7), 1);
  });

  it('reads nothing off a plane without edges', () => {
    expect(edgeSigma(new Float32Array(96 * 96).fill(120), 96, 96)).toBe(0);
  });
});

describe('faceBlur', () => {
  it('finds every fixture face sharp: its detail is worth its size', async () => {
    for (const name of [FILES.eileen, FILES.hopper, FILES.older, FILES.glasses, FILES.threeQuarter, FILES.baby, FILES.eastAsian, FILES.scarf, FILES.hand]) {
      const { img, face } = await decodedWithFace(name);
      expect(faceBlur(img, face).sharpSize, name).toBe(face.size);
    }
  });

  it('finds a blurred face photo worth a smaller face, the more so the more it is blurred', async () => {
    const sizes: number[] = [];
    for (const sigma of [2, 3]) {
      const { img, face } = await decodedWithFace(await sharp(fixture(FILES.glasses)).blur(sigma).jpeg({ quality: 92 }).toBuffer());
      const b = faceBlur(img, face);
      // 008's face is 305 px: under sigma 2 its detail read 153 px, under sigma 3 108.
      expect(b.sigma, `sigma ${sigma}`).toBeGreaterThan(sigma * 0.8);
      sizes.push(b.sharpSize / face.size);
    }
    expect(sizes[0]).toBeLessThan(0.6);
    expect(sizes[1]).toBeLessThan(sizes[0]!);
  });

  it('finds a small picture enlarged worth less than its size', async () => {
    const meta = await sharp(fixture(FILES.glasses)).metadata();
    const small = await sharp(fixture(FILES.glasses)).resize(Math.round(meta.width! / 5)).jpeg({ quality: 85 }).toBuffer();
    const { img, face } = await decodedWithFace(await sharp(small).resize(meta.width!, meta.height!).jpeg({ quality: 90 }).toBuffer());
    expect(faceBlur(img, face).sharpSize / face.size).toBeLessThan(0.6);
  });

  it('reads a large face reduced, as cheaply as a small one', async () => {
    // 007's face is 714 px: read at half size, sharp.
    const { img, face } = await decodedWithFace(FILES.older);
    const t = performance.now();
    const b = faceBlur(img, face);
    expect(b.sharpSize).toBe(face.size);
    expect(performance.now() - t).toBeLessThan(100);
  });
});
