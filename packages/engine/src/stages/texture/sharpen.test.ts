import { describe, expect, it } from 'vitest';
import { TRI_OUTER, TRI_SKIN } from '../../mesh/topology.ts';
import { SHARPEN_AMOUNT, SHARPEN_FULL, SHARPEN_FULL_SOURCE, SHARPEN_MIN_SOURCE, sharpenAmount, sharpenWarped } from './sharpen.ts';

describe('sharpen amount', () => {
  it('is zero for a source face about as large as the target\'s and full from three times smaller', () => {
    expect(sharpenAmount(300, 300)).toBe(0);
    expect(sharpenAmount(300, 440)).toBe(0);
    expect(sharpenAmount(200, 200 * SHARPEN_FULL)).toBe(SHARPEN_AMOUNT);
    expect(sharpenAmount(100, 1000)).toBe(SHARPEN_AMOUNT);
    // A blurred 300-px face whose detail is worth a 100-px one is sharpened as that face would be.
    expect(sharpenAmount(300, 300, 100)).toBe(sharpenAmount(100, 300));
    expect(sharpenAmount(300, 300, 100)).toBeGreaterThan(0);
    const mid = sharpenAmount(200, 450);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(SHARPEN_AMOUNT);
  });

  it('leaves a tiny source face alone', () => {
    expect(sharpenAmount(SHARPEN_MIN_SOURCE, 700)).toBe(0);
    expect(sharpenAmount(43, 714)).toBe(0);
    expect(sharpenAmount(SHARPEN_FULL_SOURCE, 700)).toBe(SHARPEN_AMOUNT);
  });
});

describe('sharpenWarped', () => {
  // A dark-to-light edge as a source of 1/6 the resolution gives it after bilinear upsampling: a ramp
  // over 6 pixels, from 60 to 180, in all three planes.
  const w = 48, h = 24, n = w * h, scale = 6;
  const ramp = (x: number) => 60 + 120 * Math.min(1, Math.max(0, (x - 21) / 6));
  const planes = () => {
    const p = new Float32Array(3 * n);
    for (let c = 0; c < 3; c++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) p[c * n + y * w + x] = ramp(x);
    return p;
  };
  const cover = new Uint8Array(n).fill(TRI_SKIN);
  const steepest = (p: Float32Array, y: number) => { let s = 0; for (let x = 1; x < w; x++) s = Math.max(s, p[y * w + x]! - p[y * w + x - 1]!); return s; };

  it('steepens an upsampled edge and leaves flat areas as they are', () => {
    const p = planes();
    sharpenWarped(p, cover, w, h, scale, SHARPEN_AMOUNT);
    expect(steepest(p, 12)).toBeGreaterThan(1.2 * steepest(planes(), 12));
    for (const x of [2, 45]) expect(p[12 * w + x]).toBeCloseTo(ramp(x), 3);
    // Every plane alike: no colour fringe on a grey edge.
    for (let i = 0; i < n; i++) { expect(p[n + i]).toBe(p[i]); expect(p[2 * n + i]).toBe(p[i]); }
  });

  it('touches nothing the warp did not cover or the mask cannot show, nothing at amount 0 and nothing without upsampling', () => {
    // Left half inside the face, right half beyond the warp or on the mesh's outer ring.
    const half = new Uint8Array(n);
    for (let i = 0; i < n; i++) half[i] = i % w < 24 ? TRI_SKIN : (i / w) % 2 < 1 ? 0 : TRI_OUTER;
    const p = planes();
    sharpenWarped(p, half, w, h, scale, SHARPEN_AMOUNT);
    for (let y = 0; y < h; y++) for (let x = 24; x < w; x++) expect(p[y * w + x]).toBe(ramp(x));
    for (const [s, a] of [[scale, 0], [1.2, SHARPEN_AMOUNT]] as const) {
      const q = planes();
      sharpenWarped(q, cover, w, h, s, a);
      expect(q).toEqual(planes());
    }
  });
});
