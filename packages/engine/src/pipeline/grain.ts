// When the source face is smaller (upsampled, softer) than the target face, restore the target's
// grain: deterministic luminance noise brings the face's high-frequency energy up to its
// surroundings'. A fixed seeded noise tile keeps the output identical for identical inputs.
import type { Roi } from '../raster/warp.ts';

/**
 * High-frequency level: mean absolute discrete Laplacian of luminance over skin pixels, sampled on
 * a sparse lattice (the statistic settles long before every pixel is visited).
 * `lum(i)` returns the luminance of ROI pixel i.
 */
function level(lum: (i: number) => number, skin: Uint8Array, w: number, h: number, step: number): number {
  let s = 0, count = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      if (skin[i] === 0 || skin[i - 1] === 0 || skin[i + 1] === 0 || skin[i - w] === 0 || skin[i + w] === 0) continue;
      s += Math.abs(4 * lum(i) - lum(i - 1) - lum(i + 1) - lum(i - w) - lum(i + w));
      count++;
    }
  }
  return count > 0 ? s / count : 0;
}

export function targetLevel(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, step = 3): number {
  return level((i) => {
    const p = ((roi.y + ((i / roi.w) | 0)) * imageWidth + roi.x + (i % roi.w)) * 3;
    return 0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]!;
  }, skin, roi.w, roi.h, step);
}

export function planarLevel(rgb: Float32Array, w: number, h: number, skin: Uint8Array, step = 3): number {
  const n = w * h;
  return level((i) => 0.299 * rgb[i]! + 0.587 * rgb[n + i]! + 0.114 * rgb[2 * n + i]!, skin, w, h, step);
}

/** Noise sigma that lifts a level `have` to `want` (0 when already detailed enough). */
export function grainSigma(want: number, have: number): number {
  if (want <= have * 1.1) return 0;
  // For white noise of sigma s the mean |Laplacian| is about 0.8 · sqrt(20) · s ≈ 3.6 s.
  return Math.min(10, Math.sqrt(want * want - have * have) / 3.6);
}

/** Mulberry32: tiny deterministic PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const NOISE_TILE = 256;
let tile: Float32Array | null = null;
/** 256×256 unit-variance noise (approximately Gaussian: sum of three uniforms). */
export function noiseTile(): Float32Array {
  if (tile) return tile;
  const rand = mulberry32(0x9e3779b9);
  tile = new Float32Array(NOISE_TILE * NOISE_TILE);
  for (let i = 0; i < tile.length; i++) tile[i] = (rand() + rand() + rand() - 1.5) * 2;
  return tile;
}
