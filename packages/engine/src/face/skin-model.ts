// Per-image skin colour model shared by the occlusion mask and the forehead gate: a Gaussian over
// intensity-free chromaticity (r, g) fitted on the upper skin (cheeks, nose, forehead band), so
// shadows do not count as "not skin", plus the skin's mean luminance.
import { topology, TRI_SKIN_UPPER } from '../mesh/topology.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { Scratch } from '../raster/scratch.ts';
import type { Roi } from '../raster/warp.ts';

export interface SkinModel { mr: number; mg: number; i00: number; i01: number; i11: number; my: number }

/** Reads pixel i of the ROI into `rgb` (no allocation: this runs for every sampled pixel). */
export type Px = (i: number, rgb: Float32Array) => void;

/** Rec. 601 luminance of an RGB triple (a pixel, a mean colour or per-channel gains). */
export function luma(c: ArrayLike<number>): number {
  return 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
}

/** Luminance below which chromaticity is too noisy to judge. */
export const DARK = 40;
/** Mahalanobis distance (standard deviations) beyond which a pixel is surely not skin; the refit drops those. */
export const OUTLIER = 4;

/** ROI pixel reader for an interleaved RGB image (full frame). */
export function imagePx(image: Uint8Array, imageWidth: number, roi: Roi): Px {
  const w = roi.w;
  return (i, rgb) => {
    const p = ((roi.y + ((i / w) | 0)) * imageWidth + roi.x + (i % w)) * 3;
    rgb[0] = image[p]!; rgb[1] = image[p + 1]!; rgb[2] = image[p + 2]!;
  };
}

/** ROI pixel reader for planar float RGB over the ROI (the warped source). */
export function planarPx(planes: Float32Array, n: number): Px {
  return (i, rgb) => { rgb[0] = planes[i]!; rgb[1] = planes[n + i]!; rgb[2] = planes[2 * n + i]!; };
}

/** readSkin's output: ~5.5 MB per swap when new each time (see scratch.ts); only its first n colours are read. */
const skinRead = new Scratch(Float32Array);

/**
 * The colours (3 per pixel, as `px` reads them) of every other pixel each way that `accept` takes and
 * that is not too dark to judge. Both fits of a model read them from here: reading the region through
 * its closures twice cost 14% more over a run of warm swaps.
 */
function readSkin(px: Px, accept: (i: number) => boolean, w: number, h: number): { rgb: Float32Array; n: number } {
  const out = skinRead.take(3 * Math.ceil(w / 2) * Math.ceil(h / 2)), rgb = new Float32Array(3);
  let n = 0;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (!accept(i)) continue;
      px(i, rgb);
      if (0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]! < DARK) continue;
      out[3 * n] = rgb[0]!; out[3 * n + 1] = rgb[1]!; out[3 * n + 2] = rgb[2]!;
      n++;
    }
  }
  return { rgb: out, n };
}

/** Fits the model on the first `count` colours of `rgb` (see readSkin); with `prev`, outliers of prev are left out. */
function fitRead(rgb: Float32Array, count: number, prev: SkinModel | null, minCount: number): SkinModel | null {
  let n = 0, sr = 0, sg = 0, srr = 0, sgg = 0, srg = 0, sy = 0;
  for (let k = 0; k < 3 * count; k += 3) {
    const R = rgb[k]!, G = rgb[k + 1]!, B = rgb[k + 2]!;
    const Y = 0.299 * R + 0.587 * G + 0.114 * B;
    const s = R + G + B + 1, r = R / s, g = G / s;
    if (prev && chromaDist2(prev, r, g) > OUTLIER * OUTLIER) continue;
    n++; sr += r; sg += g; srr += r * r; sgg += g * g; srg += r * g; sy += Y;
  }
  if (n < minCount) return prev;
  const mr = sr / n, mg = sg / n;
  // A floor on the spread keeps a very uniform face from flagging every pore.
  const vr = srr / n - mr * mr + 1e-4, vg = sgg / n - mg * mg + 1e-4, c = srg / n - mr * mg;
  const det = vr * vg - c * c;
  if (det <= 0) return prev;
  return { mr, mg, i00: vg / det, i01: -c / det, i11: vr / det, my: sy / n };
}

/** Fits the model on every other pixel that `accept` takes; with `prev`, outliers of prev are left out. */
export function fitSkin(px: Px, accept: (i: number) => boolean, w: number, h: number, prev: SkinModel | null, minCount = 30): SkinModel | null {
  const { rgb, n } = readSkin(px, accept, w, h);
  return fitRead(rgb, n, prev, minCount);
}

/** Squared Mahalanobis distance of chromaticity (r, g) from the model. */
export function chromaDist2(m: SkinModel, r: number, g: number): number {
  return spread2(m, r - m.mr, g - m.mg);
}

/** Squared length of a chromaticity difference (dr, dg) in the model's standard deviations. */
export function spread2(m: SkinModel, dr: number, dg: number): number {
  return dr * dr * m.i00 + 2 * dr * dg * m.i01 + dg * dg * m.i11;
}

/** The skin model of the pixels `accept` takes, fitted twice (the second time without the first fit's outliers). */
export function skinModel(px: Px, accept: (i: number) => boolean, w: number, h: number): SkinModel | null {
  const { rgb, n } = readSkin(px, accept, w, h);
  const first = fitRead(rgb, n, null, 30);
  return first ? fitRead(rgb, n, first, 30) : null;
}

/** The skin model of one image's upper skin (cheeks, nose, forehead band). */
export function upperSkinModel(px: Px, cover: Uint8Array, w: number, h: number): SkinModel | null {
  return skinModel(px, (i) => cover[i] === TRI_SKIN_UPPER, w, h);
}

/**
 * The upper skin (TRI_SKIN_UPPER triangles of the face's flat mesh points `pts`, image pixels) on a
 * grid reading every s-th pixel of `roi`: grid (x, y) is image (roi.x + x·s, roi.y + y·s).
 */
export function upperSkinGrid(pts: ArrayLike<number>, roi: Roi, s: number): { mask: Uint8Array; w: number; h: number } {
  const w = Math.ceil(roi.w / s), h = Math.ceil(roi.h / s);
  const { triangles, triClass } = topology();
  const mask = new Uint8Array(w * h);
  const tri = new Float32Array(6);
  for (let t = 0; t < triClass.length; t++) {
    if (triClass[t] !== TRI_SKIN_UPPER) continue;
    for (let v = 0; v < 3; v++) { const p = triangles[3 * t + v]!; tri[2 * v] = (pts[2 * p]! - roi.x) / s; tri[2 * v + 1] = (pts[2 * p + 1]! - roi.y) / s; }
    // Only the rows the triangle spans.
    const y0 = Math.max(0, Math.floor(Math.min(tri[1]!, tri[3]!, tri[5]!))), y1 = Math.min(h - 1, Math.ceil(Math.max(tri[1]!, tri[3]!, tri[5]!)));
    if (y1 >= y0) fillPolygon(mask.subarray(y0 * w), w, y1 - y0 + 1, 0, y0, tri);
  }
  return { mask, w, h };
}

/** Pixels across a face region its skin colour is read at by default: a larger region is read every s-th pixel (colour means need no more). */
const SKIN_READ_SIZE = 160;

/** A face's skin read on its own image, before any warp (see imageSkin). */
export interface ImageSkin {
  /** The model of its upper skin; null when too little shows. */
  skin: SkinModel | null;
  /** Reader of the grid it was read on: grid pixel (x, y) is image (roi.x + x·s, roi.y + y·s). */
  px: Px;
  w: number;
  h: number;
  s: number;
}

/**
 * The skin of the face with flat mesh points `pts` (image pixels) in `image`, read over `roi` on its
 * upper-skin triangles, about `readSize` pixels across.
 */
export function imageSkin(image: Uint8Array, imageWidth: number, roi: Roi, pts: ArrayLike<number>, readSize = SKIN_READ_SIZE): ImageSkin {
  const s = Math.max(1, Math.floor(Math.min(roi.w, roi.h) / readSize));
  const { mask: upper, w, h } = upperSkinGrid(pts, roi, s);
  const px: Px = (i, rgb) => {
    const p = ((roi.y + ((i / w) | 0) * s) * imageWidth + roi.x + (i % w) * s) * 3;
    rgb[0] = image[p]!; rgb[1] = image[p + 1]!; rgb[2] = image[p + 2]!;
  };
  return { skin: skinModel(px, (i) => upper[i] === 1, w, h), px, w, h, s };
}
