import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { edgeSigma, faceBlur } from './face-blur.ts';
import { decodedWithFace, fixture, FILES } from '../../test/fixtures.ts';

/**
 * A 96 × 96 plane of dark and light squares (edges of 100 levels) under a Gaussian of `sigma`, or
 * along x only.
 */
function blurredSquares(sigma: number, alongXOnly = false): Float32Array {
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
  const acrossX = pass(sharpPlane, 1, 0);
  return alongXOnly ? acrossX : pass(acrossX, 0, 1);
}

describe('edgeSigma', () => {
  it('reads the blur of step edges, with the 0.7 px or so the discrete gradient adds', () => {
    // Read: 1.26 for sigma 1, 1.67 for 1.5, 2.13 for 2, 3.04 for 3.
    for (const sigma of [1, 1.5, 2, 3]) expect(edgeSigma(blurredSquares(sigma), 96, 96), `sigma ${sigma}`).toBeCloseTo(Math.hypot(sigma, 0.7), 1);
  });

  it('reads a blur along one direction (a shaken photo) by its blurred edges, not its crisp ones', () => {
    expect(edgeSigma(blurredSquares(2, true), 96, 96)).toBeCloseTo(Math.hypot(2, 0.7), 1);
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
      expect(faceBlur(img, face).blur, name).toBe(0);
    }
  });

  it('finds a blurred face photo worth a smaller face, the more so the more it is blurred', async () => {
    const sizes: number[] = [];
    for (const sigma of [2, 3]) {
      const { img, face } = await decodedWithFace(await sharp(fixture(FILES.glasses)).blur(sigma).jpeg({ quality: 92 }).toBuffer());
      const b = faceBlur(img, face);
      // 008's face is 305 px: under sigma 2 its detail read 153 px, under sigma 3 77.
      expect(b.sigma, `sigma ${sigma}`).toBeGreaterThan(sigma * 0.8);
      sizes.push(b.sharpSize / face.size);
    }
    expect(sizes[0]).toBeLessThan(0.6);
    expect(sizes[1]).toBeLessThan(sizes[0]!);
  });

  it('reads the blur of a large face, lightly blurred or so blurred it is sharp only once reduced', async () => {
    // 007's 714-px face under sigma 2: read at half size it looked sharp (1.22 px).
    const light = await decodedWithFace(await sharp(fixture(FILES.older)).blur(2).jpeg({ quality: 92 }).toBuffer());
    expect(faceBlur(light.img, light.face).blur).toBeGreaterThan(1.2);
    // Under sigma 3 it reads sharp only once reduced.
    const { img, face } = await decodedWithFace(await sharp(fixture(FILES.older)).blur(3).jpeg({ quality: 92 }).toBuffer());
    const b = faceBlur(img, face);
    expect(b.blur).toBeGreaterThan(2);
    expect(b.blur).toBeLessThan(3.5);
    expect(b.sharpSize).toBeLessThan(face.size / 3);
  });

  it('finds a shaken face photo worth a smaller face', async () => {
    // 9 px of motion, across and then diagonally, over 008's 305-px face. Read as one, its crisp
    // edges along the motion outvoted the smeared ones: 15 px read 1.25 px of blur, as good as sharp.
    for (const diagonal of [false, true]) {
      const n = 9;
      const kernel = Array.from({ length: n * n }, (_, i) => (diagonal ? i % n === ((i / n) | 0) : ((i / n) | 0) === n >> 1) ? 1 : 0);
      const { img, face } = await decodedWithFace(await sharp(fixture(FILES.glasses)).convolve({ width: n, height: n, kernel }).jpeg({ quality: 92 }).toBuffer());
      expect(faceBlur(img, face).sharpSize / face.size, diagonal ? 'diagonal' : 'across').toBeLessThan(0.6);
    }
  });

  it('finds a small picture enlarged worth less than its size', async () => {
    const meta = await sharp(fixture(FILES.glasses)).metadata();
    const small = await sharp(fixture(FILES.glasses)).resize(Math.round(meta.width! / 5)).jpeg({ quality: 85 }).toBuffer();
    const { img, face } = await decodedWithFace(await sharp(small).resize(meta.width!, meta.height!).jpeg({ quality: 90 }).toBuffer());
    expect(faceBlur(img, face).sharpSize / face.size).toBeLessThan(0.6);
  });

  it('reads a large face in a fraction of a swap', async () => {
    // 007's face is 714 px: read at full size, sharp.
    const { img, face } = await decodedWithFace(FILES.older);
    const t = performance.now();
    const b = faceBlur(img, face);
    expect(b.sharpSize).toBe(face.size);
    expect(performance.now() - t).toBeLessThan(100);
  });
});
