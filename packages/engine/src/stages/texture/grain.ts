// The new face's grain matched to its surroundings'. When the source face is smaller (upsampled,
// softer) than the target face, the target's grain is restored: deterministic luminance noise
// brings the face's high-frequency energy up to its surroundings'. A fixed seeded noise tile keeps
// the output identical for identical inputs. A source far grainier, once brightened, is calmed.
import { smooth121 } from '../../raster/blur.ts';
import type { Roi } from '../../raster/warp.ts';

/**
 * Visits the absolute discrete Laplacian of luminance at skin pixels (with their four neighbours
 * skin) on a sparse lattice (the statistics settle long before every pixel is visited).
 * `lum(i)` returns the luminance of ROI pixel i.
 */
function eachLaplacian(lum: (i: number) => number, skin: Uint8Array, w: number, h: number, step: number, visit: (v: number) => void): void {
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      if (skin[i] === 0 || skin[i - 1] === 0 || skin[i + 1] === 0 || skin[i - w] === 0 || skin[i + w] === 0) continue;
      visit(Math.abs(4 * lum(i) - lum(i - 1) - lum(i + 1) - lum(i - w) - lum(i + w)));
    }
  }
}

/** High-frequency level: the mean absolute Laplacian over the skin. */
function level(lum: (i: number) => number, skin: Uint8Array, w: number, h: number, step: number): number {
  let s = 0, count = 0;
  eachLaplacian(lum, skin, w, h, step, (v) => { s += v; count++; });
  return count > 0 ? s / count : 0;
}

/** Luminance of ROI pixel i of an interleaved RGB image. */
function imageLum(image: Uint8Array, imageWidth: number, roi: Roi): (i: number) => number {
  return (i) => {
    const p = ((roi.y + ((i / roi.w) | 0)) * imageWidth + roi.x + (i % roi.w)) * 3;
    return 0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]!;
  };
}

/** Luminance of pixel i of planar RGB (3 planes of n). */
function planarLum(rgb: Float32Array, n: number): (i: number) => number {
  return (i) => 0.299 * rgb[i]! + 0.587 * rgb[n + i]! + 0.114 * rgb[2 * n + i]!;
}

export function targetLevel(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, step = 3): number {
  return level(imageLum(image, imageWidth, roi), skin, roi.w, roi.h, step);
}

export function planarLevel(rgb: Float32Array, w: number, h: number, skin: Uint8Array, step = 3): number {
  return level(planarLum(rgb, w * h), skin, w, h, step);
}

/**
 * Sensor noise (sigma, levels) over the skin: the median absolute Laplacian, as a normal spread
 * (× 1.4826) of white noise (whose Laplacian's sigma is sqrt(20) times its own). The median
 * passes over the sparse strong answers of pores, wrinkles and edges that the mean level counts.
 * The fixtures' faces read 0.7–1.3; with noise of sigma 6 added, 6.8–7.4.
 */
function noise(lum: (i: number) => number, skin: Uint8Array, w: number, h: number, step: number): number {
  const BINS = 1024, SCALE = 4;
  const hist = new Uint32Array(BINS);
  let count = 0;
  eachLaplacian(lum, skin, w, h, step, (v) => { hist[Math.min(BINS - 1, (v * SCALE) | 0)]!++; count++; });
  if (count === 0) return 0;
  let left = count / 2;
  for (let b = 0; b < BINS; b++) {
    left -= hist[b]!;
    if (left <= 0) return (1.4826 * (b + 0.5)) / SCALE / Math.sqrt(20);
  }
  return 0;
}

export function targetNoise(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, step = 2): number {
  return noise(imageLum(image, imageWidth, roi), skin, roi.w, roi.h, step);
}

export function planarNoise(rgb: Float32Array, w: number, h: number, skin: Uint8Array, step = 2): number {
  return noise(planarLum(rgb, w * h), skin, w, h, step);
}

/**
 * A target photo this much noisier than the new face (as brightened), and noisier than NOISY_FROM,
 * has its noise given to the face whatever their sizes (a high-ISO photo taken indoors: a clean
 * face photo pasted there came out with 0.3–0.5 of its surroundings' fine texture, plastic).
 */
export const NOISY_RATIO = 1.5, NOISY_FROM = 2.5;
/**
 * Face size (pixels) from which a target's noise is read: on a smaller face the finest band is the
 * face's own drawing, not noise (the fixtures' faces of 36–93 px read 3.0–4.2, clean as they are;
 * from 150 px, 0.7–1.6, and a grainy print 5.1).
 */
export const NOISE_MIN_FACE = 128;

/** Noise sigma that brings a face's noise `have` up to a target's `want` (0 unless NOISY_RATIO and NOISY_FROM are passed). */
export function noiseSigma(want: number, have: number): number {
  if (want < NOISY_FROM || want < NOISY_RATIO * have) return 0;
  return Math.min(10, Math.sqrt(want * want - have * have));
}

/** Noise sigma that lifts a level `have` to `want` (0 when already detailed enough). */
export function grainSigma(want: number, have: number): number {
  if (want <= have * 1.1) return 0;
  // For white noise of sigma s the mean |Laplacian| is about 0.8 · sqrt(20) · s ≈ 3.6 s.
  return Math.min(10, Math.sqrt(want * want - have * have) / 3.6);
}

/**
 * Most the source's finest level may be, brightened by the light's gain, over the target's. A face
 * photo taken in the dark, brightened 3×, brought its sensor noise up 3× too: speckled skin on a
 * clean photo (4.6 times the target's level). Over the fixtures' pairs the ratio is 0.62 at the
 * median and 2.2 at p90 (textured skins onto smooth ones: a young man's or a bearded old man's onto a studio portrait or a baby), where
 * calming it changes nothing visible.
 */
export const MAX_GRAIN_RATIO = 2;
/** Least factor left on the finest band. */
const MIN_CALM = 0.3;

/**
 * Scales the finest band of planar RGB `planes` (w × h), each plane less its 3×3 binomial blur, so
 * that its level `have` (as brightened) comes down to MAX_GRAIN_RATIO times the target's `want`.
 * Returns whether it changed anything.
 */
export function calmGrain(planes: Float32Array, w: number, h: number, want: number, have: number): boolean {
  if (want <= 0 || have <= MAX_GRAIN_RATIO * want) return false;
  const f = Math.max(MIN_CALM, (MAX_GRAIN_RATIO * want) / have);
  const n = w * h;
  for (let c = 0; c < 3; c++) {
    const p = planes.subarray(c * n, (c + 1) * n);
    const blurred = smooth121(p, w, h);
    for (let i = 0; i < n; i++) p[i] = blurred[i]! + (p[i]! - blurred[i]!) * f;
  }
  return true;
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
