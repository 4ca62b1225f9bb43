// Relight and recolour by low-frequency transfer. Gains blur(target)/blur(warped source) are
// estimated per channel on a coarse grid over skin only (eyes, brows, lips excluded), so the target's
// lighting and skin tone carry over while the source's detail stays. They are applied later, fused
// into the blend's full-resolution pass.
import { gaussianBlur } from '../../raster/blur.ts';
import { gridFor, type Grid } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';
import { luma } from '../../face/skin-model.ts';

export interface GainField extends Grid {
  /** 3 planes of per-cell multiplicative gains applied as (v + 1) · g − 1. */
  gains: Float32Array;
  /** Global (whole-face) gains. */
  global: [number, number, number];
  /** Mean colour of the target's skin (0..255 per channel). */
  targetMean: [number, number, number];
  /** Mean colour of the warped source's skin, sampled where targetMean is. */
  sourceMean: [number, number, number];
  /** Per cell: the warped source skin's brightness under the same blur as the gains. */
  sourceLuma: Float32Array;
}

const MIN_GAIN = 0.35;
const MAX_GAIN = 2.8;
/**
 * Blur of the lighting estimate, as a fraction of the face size. Wide on purpose: a finer estimate
 * also copies the target's own shading (eye sockets, cheekbones, nose shadow) onto the source, which
 * is the target's identity: a finer blur lost identity wins.
 */
export const RELIGHT_SIGMA = 0.3;

/** Per-cell sums of the skin's colour in the target and the warped source, before any blur. */
export interface SkinSamples extends Grid {
  /** Samples per cell. */
  count: Float32Array;
  /** 6 planes: target r, g, b then warped source r, g, b. */
  sums: Float32Array;
  /** Every other pixel each way is sampled on faces over 120 px. */
  step: number;
}

/**
 * One pass over the skin, shared by every light field estimated from it (the face's and the
 * forehead's differ only in their blur).
 * @param warped planar RGB of the warped source over the ROI
 * @param image interleaved RGB target image (full frame); the ROI is read from it
 */
export function sampleSkin(warped: Float32Array, image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, faceSize: number): SkinSamples {
  const { w, h } = roi;
  const n = w * h;
  const g = gridFor(w, h, Math.max(1, Math.floor(faceSize / 48)));
  const gn = g.w * g.h;
  const count = new Float32Array(gn);
  const sums = new Float32Array(6 * gn);
  // Sampling every other pixel is plenty for a blurred estimate and halves the cost.
  const step = faceSize > 120 ? 2 : 1;
  for (let y = 0; y < h; y += step) {
    const grow = ((y / g.k) | 0) * g.w;
    let p = ((roi.y + y) * imageWidth + roi.x) * 3;
    for (let x = 0; x < w; x += step, p += 3 * step) {
      const i = y * w + x;
      if (skin[i] === 0) continue;
      const c = grow + ((x / g.k) | 0);
      count[c]! += 1;
      sums[c]! += image[p]!;
      sums[gn + c]! += image[p + 1]!;
      sums[2 * gn + c]! += image[p + 2]!;
      sums[3 * gn + c]! += warped[i]!;
      sums[4 * gn + c]! += warped[n + i]!;
      sums[5 * gn + c]! += warped[2 * n + i]!;
    }
  }
  return { ...g, count, sums, step };
}

/** The light field of sampled skin blurred by `sigmaOfFace` of the face size (the samples are left as they are). */
export function gainField(samples: SkinSamples, faceSize: number, sigmaOfFace = RELIGHT_SIGMA): GainField {
  const g: Grid = { w: samples.w, h: samples.h, k: samples.k };
  const gn = g.w * g.h, step = samples.step;
  const wt = Float32Array.from(samples.count);
  const sums = Float32Array.from(samples.sums);
  let total = 0;
  for (let c = 0; c < gn; c++) total += wt[c]!;
  const glob = new Float64Array(6);
  for (let k = 0; k < 6; k++) { let s = 0; for (let c = 0; c < gn; c++) s += sums[k * gn + c]!; glob[k] = s; }
  const gains = new Float32Array(3 * gn).fill(1);
  const sourceLuma = new Float32Array(gn).fill(128);
  // The blurred source skin colour per cell, channel by channel, for its brightness below.
  const source = new Float32Array(3 * gn);
  const global: [number, number, number] = [1, 1, 1];
  if (total < 1) return { ...g, gains, global, targetMean: [128, 128, 128], sourceMean: [128, 128, 128], sourceLuma };
  const targetMean: [number, number, number] = [glob[0]! / total, glob[1]! / total, glob[2]! / total];
  const sourceMean: [number, number, number] = [glob[3]! / total, glob[4]! / total, glob[5]! / total];
  const sigma = (sigmaOfFace * faceSize) / g.k;
  const tmp = new Float32Array(gn);
  gaussianBlur(wt, g.w, g.h, sigma, tmp);
  // Regularise toward the global ratio where little skin is nearby (prior weight `eps` samples).
  const eps = (0.05 * g.k * g.k) / (step * step);
  for (let c = 0; c < 3; c++) {
    const gt = glob[c]! / total, gw = glob[3 + c]! / total;
    global[c] = clampGain((gt + 1) / (gw + 1));
    const st = sums.subarray(c * gn, (c + 1) * gn), sw = sums.subarray((3 + c) * gn, (4 + c) * gn);
    gaussianBlur(st, g.w, g.h, sigma, tmp);
    gaussianBlur(sw, g.w, g.h, sigma, tmp);
    for (let k = 0; k < gn; k++) {
      const d = wt[k]! + eps;
      const s = (sw[k]! + eps * gw) / d;
      source[c * gn + k] = s;
      gains[c * gn + k] = clampGain(((st[k]! + eps * gt) / d + 1) / (s + 1));
    }
  }
  const rgb = new Float32Array(3);
  for (let k = 0; k < gn; k++) {
    rgb[0] = source[k]!; rgb[1] = source[gn + k]!; rgb[2] = source[2 * gn + k]!;
    sourceLuma[k] = luma(rgb);
  }
  return { ...g, gains, global, targetMean, sourceMean, sourceLuma };
}

/** The light field of one skin mask: sampleSkin then gainField. */
export function estimateGains(warped: Float32Array, image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, faceSize: number, sigmaOfFace = RELIGHT_SIGMA): GainField {
  return gainField(sampleSkin(warped, image, imageWidth, roi, skin, faceSize), faceSize, sigmaOfFace);
}

function clampGain(v: number): number {
  return v < MIN_GAIN ? MIN_GAIN : v > MAX_GAIN ? MAX_GAIN : v;
}

/** The brightness gain of each cell of a gain field. */
export function lumaGains(field: GainField): Float32Array {
  const g = field.gains, fgn = field.w * field.h;
  const out = new Float32Array(fgn);
  for (let k = 0; k < fgn; k++) out[k] = 0.299 * g[k]! + 0.587 * g[fgn + k]! + 0.114 * g[2 * fgn + k]!;
  return out;
}

/**
 * The forehead's own light field: its blur (fraction of the face size) and the factor either way
 * within which it leaves the face's wide field alone. A forehead lit unlike the cheeks (a highlight
 * on the source's, a fringe's shadow on the target's) came out as a white or dark band above the
 * brows under the wide field alone; within the tolerance the wide field stays, so the forehead's
 * shading, which faceres reads too, is the target's only where the two differ that much (a plain
 * fine field cost identity, this does not).
 */
export const FOREHEAD_SIGMA = 0.05, FOREHEAD_TOLERANCE = 1.1;

/**
 * Corrects the brightness gains `gain` (cells of `grid`) toward `fine` (the forehead's field, same
 * grid) by what lies beyond FOREHEAD_TOLERANCE, weighted by `rise` (0..1 at an ROI pixel position).
 */
export function liftForehead(gain: Float32Array, fine: Float32Array, grid: Grid, rise: (x: number, y: number) => number): void {
  for (let cy = 0; cy < grid.h; cy++) {
    for (let cx = 0; cx < grid.w; cx++) {
      const u = rise((cx + 0.5) * grid.k, (cy + 0.5) * grid.k);
      if (u <= 0) continue;
      const c = cy * grid.w + cx;
      const r = fine[c]! / gain[c]!;
      const beyond = r > FOREHEAD_TOLERANCE ? r / FOREHEAD_TOLERANCE : r < 1 / FOREHEAD_TOLERANCE ? r * FOREHEAD_TOLERANCE : 1;
      gain[c]! *= 1 + (beyond - 1) * u;
    }
  }
}

/** Smallest share of the skin sampled from mirrored triangles that gets a light field of its own. */
const TWIN_MIN_SHARE = 0.02;

/** The skin split into what was sampled from its own triangles and from mirrored ones; null when hardly any was mirrored. */
export function splitSkin(skin: Uint8Array, fromTwin: Uint8Array | null): { own: Uint8Array; twin: Uint8Array } | null {
  if (!fromTwin) return null;
  const own = new Uint8Array(skin.length), twin = new Uint8Array(skin.length);
  let all = 0, mirrored = 0;
  for (let i = 0; i < skin.length; i++) {
    if (!skin[i]) continue;
    all++;
    if (fromTwin[i]) { twin[i] = 1; mirrored++; } else own[i] = 1;
  }
  return mirrored >= TWIN_MIN_SHARE * all && mirrored < all ? { own, twin } : null;
}

/**
 * Blur of the skin-tone field, as a fraction of the face size: fine enough to follow the target's
 * colour across its face (a warm-lit cheek more saturated than the brow's highlight: the tone of the
 * skin around the new face's cheeks is that of the target's cheeks, not of its whole face), wide
 * enough to pass over the two faces' shading. Over the fixtures, against a tone fitted on the whole
 * face: 0.1 took the cheeks' colour distance from the target (median, p90) from 4.2, 12.8 to 3.0,
 * 7.2 with no identity change; 0.07 went to 2.5, 6.5 but cost 2 identity wins.
 */
export const TONE_SIGMA = 0.1;
/** Furthest a cell's tone strays from the whole face's, either way per channel. */
export const TONE_LOCAL_RANGE = 1.3;

/**
 * The skin-tone shift per cell of `fine` (a light field on the same grid as the swap's, estimated
 * with TONE_SIGMA): each channel's gain relative to the brightness gain there, within [lo, hi] and
 * within TONE_LOCAL_RANGE of `global` (the whole face's shift). 3 planes; all 1 when `neutral` (a
 * black-and-white target's face stays black and white).
 */
export function toneField(fine: GainField, global: readonly number[], lo: number, hi: number, neutral: boolean): Float32Array {
  const fgn = fine.w * fine.h;
  const out = new Float32Array(3 * fgn).fill(1);
  if (neutral) return out;
  const lum = lumaGains(fine);
  for (let c = 0; c < 3; c++) {
    const low = Math.max(lo, global[c]! / TONE_LOCAL_RANGE), high = Math.min(hi, global[c]! * TONE_LOCAL_RANGE);
    for (let k = 0; k < fgn; k++) {
      const v = fine.gains[c * fgn + k]! / lum[k]!;
      out[c * fgn + k] = v < low ? low : v > high ? high : v;
    }
  }
  return out;
}
