// The source's shading at the target skin's contrast. The relight multiplies each source pixel's
// brightness by the light field's gain, so the pixel's ratio to the source skin's own light level
// (its eye sockets, creases, lip line, stubble) is carried as it was. A dark skin's photo holds
// far deeper ratios than a pale one's (the camera's toe crushes its shadows; dark skin shows
// shading as contrast where pale skin scatters it away): brightened 3× onto a pale face, they came
// out as grey-brown patches at the eyes and mouth, many times darker than any of the target's own
// skin. Here each skin's spread of log brightness against its own light level is measured, and
// the source's is brought down to the target's where it is wider, as far as the source is
// brightened; never widened, so a flat-lit source keeps its shading.
import type { Lookup } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';

/**
 * Least share of its log contrast the source keeps, however flat the target: shading is what
 * faceres reads as identity. The darkest face photo onto the palest target (RMS log contrast 0.49
 * against 0.19) wants about 0.4; at a floor of 0.5 its cheeks stayed a ΔE of 15 off.
 */
export const SHADE_MIN = 0.3;
/** Log ratios beyond ±this (a pupil, a specular glint, a mask's stray pixel) count as this, so a few pixels do not set the spread. */
const LOG_CLIP = 1.5;
/** Contrast ratios this close to 1 leave the shading alone (the measure's own scatter between two similar skins). */
const SHADE_SLACK = 0.9;

/** Reads the brightness at an ROI pixel and the light level there (both +1, so never 0). */
export type LevelAt = (i: number, r0: number, r1: number, a: number, b: number, wx: number, wy: number) => number;

/**
 * The exponent on each skin pixel's brightness ratio to the source's light level: the target
 * skin's RMS log contrast over the source's, taken by the share `lift` (see brighteningShare),
 * within [SHADE_MIN, 1] (1: shading kept as it is). Both are read on every other skin pixel each
 * way outside the eyes and lips.
 * @param sourceRatio the warped source's brightness over its light level at pixel i
 * @param targetRatio the target's brightness over its light level (the relit level) at pixel i
 */
export function shadeExponent(roi: Roi, skin: Uint8Array, featW: Float32Array, lx: Lookup, ly: Lookup, fieldW: number, lift: number, sourceRatio: LevelAt, targetRatio: LevelAt): number {
  const { w, h } = roi;
  let ss = 0, st = 0, n = 0;
  for (let y = 0; y < h; y += 2) {
    const r0 = ly.i0[y]! * fieldW, r1 = ly.i1[y]! * fieldW, wy = ly.t[y]!;
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (!skin[i] || featW[i]! > 0) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, wx = lx.t[x]!;
      const ls = clipLog(sourceRatio(i, r0, r1, a, b, wx, wy)), lt = clipLog(targetRatio(i, r0, r1, a, b, wx, wy));
      ss += ls * ls; st += lt * lt; n++;
    }
  }
  if (n < 100 || ss <= 0) return 1;
  const ratio = 1 - (1 - Math.sqrt(st / ss)) * lift;
  return ratio >= SHADE_SLACK ? 1 : Math.max(SHADE_MIN, ratio / SHADE_SLACK);
}

/** log r within ±LOG_CLIP (r at or below 0, a pixel the sharpening pushed under black, counts as the floor). */
export function clipLog(r: number): number {
  const l = r > 1e-3 ? Math.log(r) : -LOG_CLIP;
  return l > LOG_CLIP ? LOG_CLIP : l < -LOG_CLIP ? -LOG_CLIP : l;
}

/** Bilinear read of a light-field plane at the cell corners and weights a LevelAt is given. */
export function atCell(plane: Float32Array, r0: number, r1: number, a: number, b: number, wx: number, wy: number): number {
  return (plane[r0 + a]! * (1 - wx) + plane[r0 + b]! * wx) * (1 - wy) + (plane[r1 + a]! * (1 - wx) + plane[r1 + b]! * wx) * wy;
}

/**
 * The brightness gain (the light field's, over the whole face) from which the shading is brought
 * down, and the one from which it is brought down in full. A source lit and exposed like its target
 * keeps its shading whole: over the fixtures, applied to every pair (a crisp old photo onto a
 * smooth, flat-lit face) it cost 8 identity wins.
 */
export const BRIGHTENING_FROM = 1.1, BRIGHTENING_FULL = 2;

/** How far the rule applies to a source brightened by `gain`: 0 up to BRIGHTENING_FROM, 1 from BRIGHTENING_FULL, log-linear between. */
export function brighteningShare(gain: number): number {
  return Math.min(1, Math.max(0, Math.log(gain / BRIGHTENING_FROM) / Math.log(BRIGHTENING_FULL / BRIGHTENING_FROM)));
}

/**
 * The gain (the light field's, over the whole face) from which a darkened source's skin is brought
 * down to the target's at the finer scale (see skin-match.ts), and the one from which it is in full.
 * A pale face photo darkened onto a dark face kept its own highlights and form at the wide light
 * field's scale: cheeks 8–11 L* brighter than the target's (ΔE over 10 in 4 of the 36 fair-onto-dark
 * bench pairs). From 0.8 to 0.4 it cost 3 of 180 fixture pairs their identity win; a fuller pull
 * (0.9 to 0.5) cost 9.
 */
export const DARKENING_FROM = 0.8, DARKENING_FULL = 0.4;

/** How far a source darkened by `gain` is pulled down: 0 down to DARKENING_FROM, 1 from DARKENING_FULL, log-linear between. */
export function darkeningShare(gain: number): number {
  return Math.min(1, Math.max(0, Math.log(DARKENING_FROM / gain) / Math.log(DARKENING_FROM / DARKENING_FULL)));
}
