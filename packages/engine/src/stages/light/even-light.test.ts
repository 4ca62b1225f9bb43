import { describe, expect, it } from 'vitest';
import { EVEN_LIGHT_MAX, EVEN_LIGHT_MIN, evenSourceLight, TARGET_LIGHT_SHARE, unevenedShare } from './even-light.ts';
import { SIDE_LIT_SHARE } from '../../side-lit/side-lit.ts';
import { TRI_SKIN } from '../../mesh/topology.ts';

describe('evenSourceLight', () => {
  // A 240 px square face region, all skin, midline vertical through its centre.
  const w = 240, h = 240, n = w * h, size = 200;
  const roi = { x: 0, y: 0, w, h };
  const top = [120, 0] as const, chin = [120, 240] as const;
  const grey = (left: number, right: number) => {
    const p = new Float32Array(3 * n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) p[c * n + y * w + x] = x < w / 2 ? left : right;
    return p;
  };
  const cover = new Uint8Array(n).fill(TRI_SKIN);
  /** An interleaved target image of the same size with halves of brightness `left` and `right`. */
  const targetOf = (left: number, right: number) => {
    const image = new Uint8Array(3 * n);
    for (let i = 0; i < n; i++) image.fill(i % w < w / 2 ? left : right, 3 * i, 3 * i + 3);
    return { image, width: w };
  };
  const evenTarget = targetOf(150, 150);

  it('brings a half lit twice as bright as the other to their mean, in every channel alike', () => {
    const p = grey(80, 160);
    // Within the bounds: nothing is left unevened.
    expect(unevenedShare(p, cover, roi, top, chin, size)).toBe(0);
    evenSourceLight(p, cover, roi, top, chin, size, evenTarget);
    // Far from the midline each half is at the geometric mean of the two (about 113).
    for (const x of [20, 60, 180, 220]) {
      const v = p[120 * w + x]!;
      expect(Math.abs(v - 113) / 113, String(x)).toBeLessThan(0.04);
      expect(p[n + 120 * w + x]).toBeCloseTo(v, 3);
      expect(p[2 * n + 120 * w + x]).toBeCloseTo(v, 3);
    }
  });

  it('gives an evenly lit source half of the target\'s own difference between its halves', () => {
    const p = grey(120, 120);
    evenSourceLight(p, cover, roi, top, chin, size, targetOf(100, 150));
    // The target's halves are 1.5 apart: the new face's, 1.5^0.5 = 1.22.
    const ratio = p[120 * w + 220]! / p[120 * w + 20]!;
    expect(ratio).toBeCloseTo(1.5 ** TARGET_LIGHT_SHARE, 1);
  });

  it('leaves an evenly lit face, and what the warp did not cover, as they are', () => {
    const even = grey(140, 140);
    expect(evenSourceLight(even, cover, roi, top, chin, size, evenTarget)).toBe(1);
    expect(unevenedShare(even, cover, roi, top, chin, size)).toBe(0);
    expect(even).toEqual(grey(140, 140));
    const half = Uint8Array.from(cover, (_, i) => (i % w < 200 ? TRI_SKIN : 0));
    const p = grey(80, 160);
    evenSourceLight(p, half, roi, top, chin, size, evenTarget);
    for (let y = 0; y < h; y += 20) expect(p[y * w + 220]).toBe(160);
  });

  it('changes no point by more than its bounds, and tells how much of the face they left unevened', () => {
    const p = grey(30, 240);
    const unevened = unevenedShare(p, cover, roi, top, chin, size);
    const f = evenSourceLight(p, cover, roi, top, chin, size, evenTarget);
    expect(f === EVEN_LIGHT_MIN || f === EVEN_LIGHT_MAX).toBe(true);
    // Halves 8 times apart would each need 2.83×: all but a strip along the midline is beyond the bounds.
    expect(unevened).toBeGreaterThan(0.7);
    expect(unevened).toBeLessThan(1);
    expect(unevened).toBeGreaterThan(SIDE_LIT_SHARE);
    for (let y = 0; y < h; y += 10) for (let x = 0; x < w; x += 10) {
      const r = p[y * w + x]! / (x < w / 2 ? 30 : 240);
      expect(r).toBeGreaterThanOrEqual(EVEN_LIGHT_MIN - 1e-6);
      expect(r).toBeLessThanOrEqual(EVEN_LIGHT_MAX + 1e-6);
    }
  });
});
