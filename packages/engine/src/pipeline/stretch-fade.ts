// A frontal source on a turned target: the target's near cheek, out to the ear, is drawn from the
// source's outer cheek band, which the source shows nearly edge-on. Past MAX_STRETCH the target keeps
// its own pixels (see stretchRatios); short of it the source was stretched whole, and its streaks (a
// beard's, a glasses arm's, the hair at its temple) ended in a hard edge on the cheek. Instead the
// source fades out as its stretch grows, over a wide blur, and the target's own cheek takes over.
import { gaussianBlur } from '../raster/blur.ts';
import { smoothstep } from '../raster/ramp.ts';
import type { Roi } from '../raster/warp.ts';

/** Stretch (target share over source share, see stretchRatios) from which the source starts to fade. */
export const STRETCH_FADE_FROM = 4;
/** Blur (fraction of the face size) of the fade, so it runs across the cheek, not along triangle edges. */
export const STRETCH_FADE_SIGMA = 0.06;
/** Yaw difference (degrees) from which the fade applies: between faces turned alike nothing is stretched so far but the outline's rim. */
export const STRETCH_FADE_MIN_YAW = 20;

/**
 * Lowers `alpha` where the source is stretched (`ratio` per triangle, `fading` flags the triangles
 * that may fade: those reaching the outline, see dropIslands), and takes such pixels out of `skin`
 * (the light is judged on what the result shows). `triangle` is the warp's triangle per ROI pixel.
 */
export function fadeStretched(alpha: Float32Array, skin: Uint8Array, triangle: Int16Array, ratio: Float32Array, fading: Uint8Array, roi: Roi, faceSize: number, maxStretch: number): void {
  const { w, h } = roi;
  const span = Math.log(maxStretch / STRETCH_FADE_FROM);
  const keep = Float32Array.from(ratio, (r, t) => (fading[t] ? 1 - smoothstep(Math.log(r / STRETCH_FADE_FROM) / span) : 1));
  // On a coarse grid (the blur is wide), each cell the mean of its pixels' weights.
  const ds = Math.max(1, Math.floor(faceSize / 120));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds);
  const grid = new Float32Array(gw * gh), count = new Float32Array(gw * gh);
  for (let y = 0; y < h; y++) {
    const row = ((y / ds) | 0) * gw;
    for (let x = 0; x < w; x++) {
      const t = triangle[y * w + x]!, g = row + ((x / ds) | 0);
      grid[g]! += t >= 0 ? keep[t]! : 1;
      count[g]! += 1;
    }
  }
  for (let g = 0; g < grid.length; g++) grid[g]! /= count[g]!;
  gaussianBlur(grid, gw, gh, Math.max(1, (STRETCH_FADE_SIGMA * faceSize) / ds));
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / ds - 0.5));
    const y0 = fy | 0, y1 = Math.min(gh - 1, y0 + 1), ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (alpha[i] === 0) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / ds - 0.5));
      const x0 = fx | 0, x1 = Math.min(gw - 1, x0 + 1), tx = fx - x0;
      const v = (grid[y0 * gw + x0]! * (1 - tx) + grid[y0 * gw + x1]! * tx) * (1 - ty) + (grid[y1 * gw + x0]! * (1 - tx) + grid[y1 * gw + x1]! * tx) * ty;
      if (v >= 1) continue;
      alpha[i] = alpha[i]! * v;
      if (v < 0.5) skin[i] = 0;
    }
  }
}
