// A drawn face (an emoji, a cartoon) can fool the mesh model: on a dark background the emoji fixture
// reads as a face with full confidence. Photographed skin is never one flat colour — shading runs
// across the cheeks and forehead — while a drawing fills them with a single tone. So the share of
// upper-skin pixels within 1% of the commonest level tells them apart: 0.61–0.81 on the emoji (on
// black, on grey, JPEG quality 50), at most 0.14 on the fixture photos as they are or blurred, shrunk
// or at JPEG quality 20, and 0.36 at most darkened to a fifth or with the contrast cut to a third.
// Posterized photos (8 or 16 flat colours) can read as drawings; a face shaded in a drawing does not.
import type { RgbImage } from './decode.ts';
import { luma } from './pipeline/skin-model.ts';
import { topology, TRI_SKIN_UPPER } from './mesh/topology.ts';
import { fillPolygon } from './raster/polygon.ts';

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
  const { triangles, triClass } = topology();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const pts = new Float32Array(landmarks.length * 2);
  landmarks.forEach((p, i) => {
    const x = p[0]! / step, y = p[1]! / step;
    pts[2 * i] = x; pts[2 * i + 1] = y;
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  });
  const ox = Math.max(0, Math.floor(x0)), oy = Math.max(0, Math.floor(y0));
  const w = Math.min(Math.floor((image.width - 1) / step), Math.ceil(x1)) - ox + 1;
  const h = Math.min(Math.floor((image.height - 1) / step), Math.ceil(y1)) - oy + 1;
  if (w <= 0 || h <= 0) return 0;
  const mask = new Uint8Array(w * h);
  const tri = new Float32Array(6);
  for (let k = 0; k < triClass.length; k++) {
    if (triClass[k] !== TRI_SKIN_UPPER) continue;
    for (let j = 0; j < 3; j++) { const p = triangles[3 * k + j]!; tri[2 * j] = pts[2 * p]!; tri[2 * j + 1] = pts[2 * p + 1]!; }
    fillPolygon(mask, w, h, ox, oy, tri);
  }
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      const i = (((y + oy) * step) * image.width + (x + ox) * step) * 3;
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
