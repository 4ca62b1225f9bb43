// The relit face's skin brought onto the target's own, measured on the relit result itself. The
// light fields (relight.ts) are fitted on the warped source before the relight's bounds, roll-off
// and tint rules, so a source far darker or more saturated than the target (a dark-skinned face
// onto a pale one, or the reverse) came out with cheeks a ΔE of 10–15 off the neck around them,
// yellow-green on a pale face, with the source's own colour patches (shading read as colour, a
// hand's pink) on top. Here the result's skin is compared with the target's: its tone (chroma) is
// the target's at the scale of a cheek, its brightness the target's at the light field's scale,
// and its colour patches in between keep no more contrast than the target's own skin has. The
// source keeps its pixel detail, its features and its shading (which faceres reads as identity: a
// finer brightness match or flattened shading lost identity wins).
import { gaussianBlur } from '../../raster/blur.ts';
import type { Grid } from '../../raster/resample.ts';
import { RELIGHT_SIGMA, TONE_SIGMA } from './relight.ts';

/**
 * Least share of its colour patches' contrast the result keeps, however even the target's skin;
 * and the longest patch it keeps, in multiples of the target skin's typical one (a hand's pink on
 * the source's cheek is many times that).
 */
export const PATCH_MIN = 0.35, PATCH_CAP = 2;
/**
 * Blur of the finer match, as a fraction of the face size. A dark skin's photo brightened onto a
 * pale face kept its form shading (sunken cheeks, the sides of its face, the shade under its brows)
 * many times deeper than the target's, out of reach of the light field's wide blur: cheeks a
 * ΔE of 12–20 off the target's. There the result's skin is lifted to the target's at this scale
 * (and takes its tone), by the share the source is brightened (see shade-contrast.ts): the
 * bench's dark-onto-pale pairs went from a cheek ΔE median of 12.1 (13 of 36 within 10) to 5.4 (33).
 */
export const FINE_SIGMA = 0.05;
/** Bounds on the match's factors: it corrects what the relight left, it does not relight again. */
const FACTOR_MIN = 0.5, FACTOR_MAX = 2;

/** Per-cell sums of the relit result's skin and of the target's under it (eyes and lips left out). */
export interface SkinSums extends Grid {
  count: Float32Array;
  /** 6 planes: result r, g, b then target r, g, b. */
  sums: Float32Array;
}

export function skinSums(g: Grid): SkinSums {
  const gn = g.w * g.h;
  return { w: g.w, h: g.h, k: g.k, count: new Float32Array(gn), sums: new Float32Array(6 * gn) };
}

/**
 * Per cell, the factors on the result's channels: `light` (1 plane) on all three, `tone` (3 planes,
 * luma-neutral at the cell's mean colour) on each, kept apart so the eyes can take the light without
 * the skin's colour. All 1 with too little skin.
 */
export interface SkinMatch extends Grid { light: Float32Array; tone: Float32Array }

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Mean colours per cell: 6 planes like SkinSums' sums. */
type Means = Float32Array;

/**
 * @param fine share (0..1) of the result's brightness and tone taken from the target at
 * FINE_SIGMA rather than at the light field's and the tone field's scales (see FINE_SIGMA).
 * @param darken share (0..1) of the result's brightness brought down (never up) to the target's
 * at FINE_SIGMA, for a source darkened onto a darker face (see darkeningShare); with `fine` 0.
 */
export function skinMatch(s: SkinSums, faceSize: number, fine = 0, darken = 0): SkinMatch {
  const gn = s.w * s.h;
  const light = new Float32Array(gn).fill(1), tone = new Float32Array(3 * gn).fill(1);
  const out: SkinMatch = { w: s.w, h: s.h, k: s.k, light, tone };
  let total = 0, cells = 0;
  const glob = new Float64Array(6);
  for (let c = 0; c < gn; c++) {
    if (s.count[c]! > 0) cells++;
    total += s.count[c]!;
    for (let p = 0; p < 6; p++) glob[p]! += s.sums[p * gn + c]!;
  }
  if (total < 50) return out;
  for (let p = 0; p < 6; p++) glob[p]! /= total;
  const perCell = total / cells;
  const low = blurredMeans(s, glob, 0.05 * perCell, (TONE_SIGMA * faceSize) / s.k);
  const wide = blurredMeans(s, glob, 0.05 * perCell, (RELIGHT_SIGMA * faceSize) / s.k);
  const near = fine > 0 || darken > 0 ? blurredMeans(s, glob, 0.05 * perCell, (FINE_SIGMA * faceSize) / s.k) : low;
  const cell = new Float32Array(6 * gn);
  for (let c = 0; c < gn; c++) {
    const n = s.count[c]!;
    if (n > 0) for (let p = 0; p < 6; p++) cell[p * gn + c] = s.sums[p * gn + c]! / n;
  }
  // A colour patch: a cell's log chroma minus the tone field's there, judged on well-filled cells.
  const chroma = (m: Means, off: number, c: number, ch: number) => Math.log((m[(off + ch) * gn + c]! + 1) / (luma(m[off * gn + c]!, m[(off + 1) * gn + c]!, m[(off + 2) * gn + c]!) + 1));
  const lightRatio = (m: Means, c: number) => (luma(m[3 * gn + c]!, m[4 * gn + c]!, m[5 * gn + c]!) + 1) / (luma(m[c]!, m[gn + c]!, m[2 * gn + c]!) + 1);
  const patchOf = (off: number, c: number, ch: number) => chroma(cell, off, c, ch) - chroma(low, off, c, ch);
  const filled = (c: number) => s.count[c]! >= 0.25 * perCell;
  let spreadR = 0, spreadT = 0, judged = 0;
  for (let c = 0; c < gn; c++) {
    if (!filled(c)) continue;
    judged++;
    for (let ch = 0; ch < 3; ch++) { spreadR += patchOf(0, c, ch) ** 2; spreadT += patchOf(3, c, ch) ** 2; }
  }
  const keep = judged > 0 && spreadR > 0 ? Math.min(1, Math.max(PATCH_MIN, Math.sqrt(spreadT / spreadR))) : 1;
  const cap = PATCH_CAP * Math.sqrt(spreadT / Math.max(1, judged));
  const t = [1, 1, 1], patch = [0, 0, 0];
  for (let c = 0; c < gn; c++) {
    const wideRatio = lightRatio(wide, c);
    // A brightened source is only lifted, a darkened one only brought down: the rest of the gap to the
    // target's skin there is the source's own form (nose, brow ridge). Matched both ways (at 0.03), the
    // face took the target's shading and with it its identity: 5 of the 36 dark-onto-pale bench pairs
    // stayed nearer the face photo, 17 so.
    const finer = lightRatio(near, c) / wideRatio;
    light[c] = clamp(fine > 0 ? wideRatio * Math.max(1, finer) ** fine : darken > 0 ? wideRatio * Math.min(1, finer) ** darken : wideRatio);
    // The share of the cell's colour patch that goes: all but `keep`, and what lies beyond the cap.
    let drop = 0;
    if (filled(c)) {
      for (let ch = 0; ch < 3; ch++) patch[ch] = patchOf(0, c, ch);
      const len = keep * Math.hypot(patch[0]!, patch[1]!, patch[2]!);
      drop = 1 - (len > cap ? (keep * cap) / len : keep);
    }
    for (let ch = 0; ch < 3; ch++) t[ch] = Math.exp((chroma(low, 3, c, ch) - chroma(low, 0, c, ch)) * (1 - fine) + (chroma(near, 3, c, ch) - chroma(near, 0, c, ch)) * fine - (drop > 0 ? drop * patch[ch]! : 0));
    const lr = low[c]!, lg = low[gn + c]!, lb = low[2 * gn + c]!;
    const norm = (luma(lr, lg, lb) + 1) / (luma(t[0]! * lr, t[1]! * lg, t[2]! * lb) + 1);
    for (let ch = 0; ch < 3; ch++) tone[ch * gn + c] = clamp(t[ch]! * norm);
  }
  return out;
}

/**
 * Mean colours under a normalised blur of `sigma` cells, with a prior of `prior` samples at the
 * whole face's mean `glob`: a cell far from any skin takes the whole face's correction.
 */
function blurredMeans(s: SkinSums, glob: Float64Array, prior: number, sigma: number): Means {
  const gn = s.w * s.h;
  const tmp = new Float32Array(gn);
  const wt = Float32Array.from(s.count);
  gaussianBlur(wt, s.w, s.h, sigma, tmp);
  const mean = new Float32Array(6 * gn);
  for (let p = 0; p < 6; p++) {
    const plane = s.sums.slice(p * gn, (p + 1) * gn);
    gaussianBlur(plane, s.w, s.h, sigma, tmp);
    for (let c = 0; c < gn; c++) mean[p * gn + c] = (plane[c]! + prior * glob[p]!) / (wt[c]! + prior);
  }
  return mean;
}

function clamp(v: number): number {
  return v < FACTOR_MIN ? FACTOR_MIN : v > FACTOR_MAX ? FACTOR_MAX : v;
}
