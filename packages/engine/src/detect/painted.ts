// A drawn face (an emoji, a cartoon) can fool the mesh model: on a dark background the emoji fixture
// reads as a face with full confidence. Photographed skin is never one flat colour — shading runs
// across the cheeks and forehead — while a drawing fills them with a single tone. So the share of
// upper-skin pixels within 1% of the commonest level tells them apart: 0.61–0.81 on the emoji (on
// black, on grey, JPEG quality 50), at most 0.14 on the fixture photos as they are or blurred, shrunk
// or at JPEG quality 20, and 0.37 at most darkened to a fifth or with the contrast cut to a third.
// Posterized photos (8 or 16 flat colours) can read as drawings; a face shaded in a drawing does not.
import type { RgbImage } from '../core/image.ts';
import { luma, upperSkinGrid } from '../face/skin-model.ts';
import { flatBounds } from '../raster/polygon.ts';

/** Above this share of one tone, the upper skin is a flat fill: a drawing, not a photographed face. */
export const MAX_FLAT_SHARE = 0.5;
/**
 * Luma either side of the commonest level that counts as the same tone (JPEG noise on a fill), as a
 * share of that level, at least one level: relative so that a dark or washed-out photo, whose shading
 * spans fewer levels, does not read as flat.
 */
const SAME_TONE = 0.01;
/** Tones this near black or white are clipped exposure, not a fill: they never count as flat. */
const CLIPPED = 5;
/** Pixels read across the face's width at most; larger faces are sampled on a grid. */
const SAMPLES_ACROSS = 160;

/** The share (0..1) of the face's upper skin (cheeks, nose, brow band) painted in one tone. */
export function flatSkinShare(image: RgbImage, landmarks: ReadonlyArray<readonly number[]>, faceSize: number): number {
  const step = Math.max(1, Math.floor(faceSize / SAMPLES_ACROSS));
  const pts = Float32Array.from({ length: 2 * landmarks.length }, (_, k) => landmarks[k >> 1]![k & 1]!);
  const b = flatBounds(pts);
  const x = Math.max(0, Math.floor(b.x0)), y = Math.max(0, Math.floor(b.y0));
  const roi = { x, y, w: Math.min(image.width - 1, Math.ceil(b.x1)) - x + 1, h: Math.min(image.height - 1, Math.ceil(b.y1)) - y + 1 };
  if (roi.w <= 0 || roi.h <= 0) return 0;
  const { mask, w, h } = upperSkinGrid(pts, roi, step);
  const hist = new Uint32Array(256);
  let n = 0;
  for (let gy = 0; gy < h; gy++) {
    for (let gx = 0; gx < w; gx++) {
      if (!mask[gy * w + gx]) continue;
      const i = ((roi.y + gy * step) * image.width + roi.x + gx * step) * 3;
      hist[Math.round(luma(image.data.subarray(i, i + 3)))]!++;
      n++;
    }
  }
  if (n === 0) return 0;
  let mode = 0;
  for (let v = 1; v < 256; v++) if (hist[v]! > hist[mode]!) mode = v;
  if (mode < CLIPPED || mode > 255 - CLIPPED) return 0;
  let same = 0;
  const tol = Math.max(1, Math.round(SAME_TONE * mode));
  for (let v = Math.max(0, mode - tol); v <= Math.min(255, mode + tol); v++) same += hist[v]!;
  return same / n;
}
