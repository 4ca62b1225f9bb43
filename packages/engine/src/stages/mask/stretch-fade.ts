// A frontal source on a turned target: the target's near cheek, out to the ear, is drawn from the
// source's outer cheek band, which the source shows nearly edge-on. Past MAX_STRETCH the target keeps
// its own pixels (see stretchRatios); short of it the source was stretched whole, and its streaks (a
// beard's, a glasses arm's, the hair at its temple) ended in a hard edge on the cheek. Instead the
// source fades out as its stretch grows, over a wide blur, and the target's own cheek takes over.
// The stretch is the largest linear one (see linearStretch): that band is drawn wider, not taller,
// so by area it read 3–5× at most and faded hardly at all, smeared across the temple and cheek.
import { gaussianBlur } from '../../raster/blur.ts';
import { smoothstep } from '../../raster/ramp.ts';
import type { Roi } from '../../raster/warp.ts';
import { boxDown, gridFor, upsampleSparse } from '../../raster/resample.ts';

/**
 * Linear stretch (see linearStretch) from which the source starts to fade, and at which it is gone.
 * A frontal face onto a turned one stretches 21–23% of the target's triangles over 2.5×, the outer
 * band over 4×; onto a frontal one, 2% over 2.5×. Earlier or later bounds both cost identity.
 */
export const STRETCH_FADE_FROM = 2.5, STRETCH_FADE_FULL = 5;
/** Blur (fraction of the face size) of the fade, so it runs across the cheek, not along triangle edges. */
export const STRETCH_FADE_SIGMA = 0.06;
/** Yaw difference (degrees) from which the fade applies: between faces turned alike nothing is stretched so far but the outline's rim. */
export const STRETCH_FADE_MIN_YAW = 20;

/**
 * Lowers `alpha` where the source is stretched (`stretch` per triangle, `fading` flags the triangles
 * that may fade: those reaching the outline, see dropIslands), and takes such pixels out of `skin`
 * (the light is judged on what the result shows). `triangle` is the warp's triangle per ROI pixel.
 */
export function fadeStretched(alpha: Float32Array, skin: Uint8Array, triangle: Int16Array, stretch: Float32Array, fading: Uint8Array, roi: Roi, faceSize: number): void {
  const { w, h } = roi;
  const span = Math.log(STRETCH_FADE_FULL / STRETCH_FADE_FROM);
  // How much of each triangle fades (0 for most), per pixel, then on a coarse grid: the blur is wide.
  const fade = Float32Array.from(stretch, (r, t) => (fading[t] ? smoothstep(Math.log(r / STRETCH_FADE_FROM) / span) : 0));
  const lost = new Float32Array(w * h);
  for (let i = 0; i < lost.length; i++) { const t = triangle[i]!; if (t >= 0) lost[i] = fade[t]!; }
  const g = gridFor(w, h, Math.max(1, Math.floor(faceSize / 120)));
  const grid = boxDown(lost, w, h, 1, g);
  gaussianBlur(grid, g.w, g.h, Math.max(1, (STRETCH_FADE_SIGMA * faceSize) / g.k));
  const loss = upsampleSparse(grid, g.w, g.h, g.k, w, h);
  for (let i = 0; i < loss.length; i++) {
    const v = loss[i]!;
    if (v <= 0 || alpha[i] === 0) continue;
    alpha[i] = alpha[i]! * (1 - v);
    if (v > 0.5) skin[i] = 0;
  }
}
