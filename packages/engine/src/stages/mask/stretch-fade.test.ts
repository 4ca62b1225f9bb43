import { describe, expect, it } from 'vitest';
import { fadeStretched, STRETCH_FADE_FROM } from './stretch-fade.ts';

// A 120 × 60 region: triangle 0 (not stretched) on the left half, triangle 1 on the right half.
const w = 120, h = 60, faceSize = 100;
const roi = { x: 0, y: 0, w, h };
function fade(ratio1: number, fading1: number): { alpha: Float32Array; skin: Uint8Array } {
  const triangle = new Int16Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) triangle[y * w + x] = x < w / 2 ? 0 : 1;
  const alpha = new Float32Array(w * h).fill(1), skin = new Uint8Array(w * h).fill(1);
  fadeStretched(alpha, skin, triangle, Float32Array.of(1, ratio1), Uint8Array.of(0, fading1), roi, faceSize);
  return { alpha, skin };
}
const row = (a: Float32Array) => Array.from(a.subarray((h / 2) * w, (h / 2 + 1) * w));

describe('stretch fade (a frontal source on a turned target)', () => {
  it('fades the source out across a stretched cheek, with no step', () => {
    const { alpha, skin } = fade(15, 1);
    const r = row(alpha);
    expect(r[0]).toBeGreaterThan(0.95);
    expect(r[w - 1]).toBeLessThan(0.3);
    for (let x = 1; x < w; x++) expect(r[x]!).toBeLessThanOrEqual(r[x - 1]! + 1e-6);
    // From 0.9 to 0.2 over a tenth of the face or more (a triangle edge left to the target showed as a hard edge).
    expect(r.findIndex((v) => v < 0.2) - r.findIndex((v) => v < 0.9)).toBeGreaterThanOrEqual(0.1 * faceSize);
    // The light is judged on what the result shows: the faded cheek is no longer skin.
    expect(skin[(h / 2) * w + w - 1]).toBe(0);
    expect(skin[(h / 2) * w]).toBe(1);
  });

  it('leaves a triangle stretched no more than the threshold, or one that may not fade, as it was', () => {
    expect(row(fade(STRETCH_FADE_FROM, 1).alpha).every((v) => v === 1)).toBe(true);
    expect(row(fade(15, 0).alpha).every((v) => v === 1)).toBe(true);
  });
});
