// A target photo out of focus (a soft portrait, a player caught running, a picture enlarged) gets
// a new face as soft as the rest of it: the warped source is blurred by the difference of the two
// faces' blur (see face-blur.ts), in quadrature, each as a share of its face's size: a crisp face
// photo would stand out sharp against the target's own blurred hair and ears.
import { almostGaussian } from '../raster/blur.ts';
import type { FaceBlur } from './face-blur.ts';
import type { Stage } from '../stages/context.ts';

/** Least blur (target pixels) worth applying: below it the two faces' focus reads alike. */
export const MIN_FOCUS_BLUR = 0.7;
/** Blur a sharp photo's pixel stands for (its own pixels): an upsampled source spreads each over the scale. */
const PIXEL_BLUR = 0.5;

/** The blur of a face in its photo as a share of the face's size (`size` px). */
export function blurShare(b: FaceBlur, size: number): number {
  return Math.max(b.blur, PIXEL_BLUR) / size;
}

/**
 * The Gaussian sigma (pixels of a target face `faceSize` px) that brings a source face of blur
 * share `source` to the target's `target`; 0 when the target is no softer, or barely.
 */
export function focusBlur(source: number, target: number, faceSize: number): number {
  const extra = faceSize * Math.sqrt(Math.max(0, target * target - source * source));
  return extra >= MIN_FOCUS_BLUR ? extra : 0;
}

/**
 * Blurs the warped source (3 planes of w × h) by `sigma` where the warp covered it (`cover` not 0),
 * normalised by the blurred cover so the blank around the mesh does not darken its edge. Pixels
 * outside the cover are left as they are. Only the cover's box (and 3 sigma around it) is blurred:
 * the ROI's margins are about half its area, and 12 box passes over a 700 × 800 ROI took 60–90 ms.
 */
export function defocus(planes: Float32Array, cover: Uint8Array, w: number, h: number, sigma: number): void {
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!cover[y * w + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return;
  const m = Math.ceil(3 * sigma) + 1;
  x0 = Math.max(0, x0 - m); y0 = Math.max(0, y0 - m); x1 = Math.min(w - 1, x1 + m); y1 = Math.min(h - 1, y1 + m);
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1, bn = bw * bh, n = w * h;
  const tmp = new Float32Array(bn), weight = new Float32Array(bn), p = new Float32Array(bn);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) weight[y * bw + x] = cover[(y0 + y) * w + x0 + x] ? 1 : 0;
  almostGaussian(weight, bw, bh, sigma, tmp);
  for (let c = 0; c < 3; c++) {
    const o = c * n;
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * w + x0 + x;
        p[y * bw + x] = cover[i] ? planes[o + i]! : 0;
      }
    }
    almostGaussian(p, bw, bh, sigma, tmp);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * w + x0 + x;
        if (cover[i]) planes[o + i] = p[y * bw + x]! / weight[y * bw + x]!;
      }
    }
  }
}

export const focusStage: Stage = {
  name: 'focus',
  timing: 'warp',
  reads: ['input', 'faceSize', 'warped', 'roi'],
  writes: ['defocused'],
  run(s) {
    const focus = s.input.focus;
    s.defocused = focus ? focusBlur(focus.source, focus.target, s.faceSize) : 0;
    if (s.defocused > 0) defocus(s.warped.rgb, s.warped.cover, s.roi.w, s.roi.h, s.defocused);
  },
};
