// A target photo out of focus (a soft portrait, a player caught running, a picture enlarged) gets
// a new face as soft as the rest of it: the warped source is blurred by the difference of the two
// faces' blur (see face-blur.ts), in quadrature, each as a share of its face's size. Before, a
// crisp face photo onto 012 under a blur of sigma 3 came out with 2.7 times the edge detail of the
// face it replaced, sharp against its own blurred hair and ears.
import { almostGaussian } from '../raster/blur.ts';
import type { FaceBlur } from './face-blur.ts';

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
 * outside the cover are left as they are.
 */
export function defocus(planes: Float32Array, cover: Uint8Array, w: number, h: number, sigma: number): void {
  const n = w * h;
  const tmp = new Float32Array(n);
  const weight = Float32Array.from(cover, (c) => (c ? 1 : 0));
  almostGaussian(weight, w, h, sigma, tmp);
  const p = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    const plane = planes.subarray(c * n, (c + 1) * n);
    for (let i = 0; i < n; i++) p[i] = cover[i] ? plane[i]! : 0;
    almostGaussian(p, w, h, sigma, tmp);
    for (let i = 0; i < n; i++) if (cover[i]) plane[i] = p[i]! / weight[i]!;
  }
}
