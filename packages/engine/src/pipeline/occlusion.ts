// Occlusion: pixels of the face that are not skin-coloured (a scarf, a beard, glasses frames, a
// strand of hair) in the target are kept from the target, and where the source face is covered the
// target shows through too, instead of pasting a scarf or a face over the other image's objects.
// Skin colour is modelled per image from the cheeks and nose (upper skin), in intensity-free
// chromaticity so shadows do not count as occluders.
import { gaussianBlur } from '../raster/blur.ts';
import { TRI_SKIN, TRI_SKIN_UPPER } from '../mesh/topology.ts';
import type { Roi } from '../raster/warp.ts';
import { upsampleSparse } from '../raster/resample.ts';

interface Model { mr: number; mg: number; i00: number; i01: number; i11: number; my: number }

/** Luminance below which chromaticity is too noisy to judge. */
const DARK = 40;
/** Mahalanobis distances (in standard deviations) where occlusion starts and is complete. */
const D0 = 4, D1 = 6;
/** Luminance relative to the skin's mean below which a pixel counts as an occluder (fully at DARK_0). */
const DARK_0 = 0.22, DARK_1 = 0.35;

/** Reads pixel i of the ROI into `rgb` (no allocation: this runs for every sampled pixel). */
type Px = (i: number, rgb: Float32Array) => void;

function fit(px: Px, cover: Uint8Array, w: number, h: number, prev: Model | null): Model | null {
  let n = 0, sr = 0, sg = 0, srr = 0, sgg = 0, srg = 0, sy = 0;
  const rgb = new Float32Array(3);
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (cover[i] !== TRI_SKIN_UPPER) continue;
      px(i, rgb);
      const R = rgb[0]!, G = rgb[1]!, B = rgb[2]!;
      const Y = 0.299 * R + 0.587 * G + 0.114 * B;
      if (Y < DARK) continue;
      const s = R + G + B + 1, r = R / s, g = G / s;
      if (prev && dist2(prev, r, g) > D0 * D0) continue;
      n++; sr += r; sg += g; srr += r * r; sgg += g * g; srg += r * g; sy += Y;
    }
  }
  if (n < 30) return prev;
  const mr = sr / n, mg = sg / n;
  // A floor on the spread keeps a very uniform face from flagging every pore.
  const vr = srr / n - mr * mr + 1e-4, vg = sgg / n - mg * mg + 1e-4, c = srg / n - mr * mg;
  const det = vr * vg - c * c;
  if (det <= 0) return prev;
  return { mr, mg, i00: vg / det, i01: -c / det, i11: vr / det, my: sy / n };
}

function dist2(m: Model, r: number, g: number): number {
  const dr = r - m.mr, dg = g - m.mg;
  return dr * dr * m.i00 + 2 * dr * dg * m.i01 + dg * dg * m.i11;
}

function model(px: Px, cover: Uint8Array, w: number, h: number): Model | null {
  const first = fit(px, cover, w, h, null);
  return first ? fit(px, cover, w, h, first) : null;
}

/** How far pixel `rgb` is from being skin under model m: 0 skin .. 1 surely something else. */
function occluderWeight(m: Model, rgb: Float32Array): number {
  const R = rgb[0]!, G = rgb[1]!, B = rgb[2]!;
  const Y = 0.299 * R + 0.587 * G + 0.114 * B;
  // Far darker than the face's skin: a dark scarf edge, sunglasses, hair (not a soft shadow).
  const rel = Y / m.my;
  const dark = rel >= DARK_1 ? 0 : rel <= DARK_0 ? 1 : (DARK_1 - rel) / (DARK_1 - DARK_0);
  if (Y < DARK) return dark;
  const s = R + G + B + 1;
  const d = Math.sqrt(dist2(m, R / s, G / s));
  const o = d <= D0 ? 0 : d >= D1 ? 1 : (d - D0) / (D1 - D0);
  return o > dark ? o : dark;
}

/**
 * Returns the occlusion weight (0..1) of every ROI pixel, smoothed. Only skin-class pixels can be
 * occluders: eyes, brows and lips differ from skin by nature.
 */
export function occlusionMask(image: Uint8Array, imageWidth: number, roi: Roi, warped: Float32Array, cover: Uint8Array, faceSize: number): Float32Array | null {
  const { w, h } = roi;
  const n = w * h;
  const tpx: Px = (i, rgb) => {
    const p = ((roi.y + ((i / w) | 0)) * imageWidth + roi.x + (i % w)) * 3;
    rgb[0] = image[p]!; rgb[1] = image[p + 1]!; rgb[2] = image[p + 2]!;
  };
  const spx: Px = (i, rgb) => { rgb[0] = warped[i]!; rgb[1] = warped[n + i]!; rgb[2] = warped[2 * n + i]!; };
  const mt = model(tpx, cover, w, h);
  const ms = model(spx, cover, w, h);
  if (!mt && !ms) return null;
  // Evaluate on a coarse grid: occluders worth keeping are larger than a few pixels.
  const k = Math.max(1, Math.floor(faceSize / 96));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k);
  const grid = new Float32Array(gw * gh);
  const rgb = new Float32Array(3);
  let any = false;
  for (let y = 0; y < h; y += k) {
    for (let x = 0; x < w; x += k) {
      const i = y * w + x;
      const c = cover[i];
      if (c !== TRI_SKIN && c !== TRI_SKIN_UPPER) continue;
      let occ = 0;
      if (mt) { tpx(i, rgb); occ = occluderWeight(mt, rgb); }
      if (ms) { spx(i, rgb); const o = occluderWeight(ms, rgb); if (o > occ) occ = o; }
      grid[((y / k) | 0) * gw + ((x / k) | 0)] = occ;
      if (occ > 0) any = true;
    }
  }
  if (!any) return null;
  // Speckle (single pores, noise) is removed by a blur and a threshold; real occluders survive.
  gaussianBlur(grid, gw, gh, Math.max(1, (0.02 * faceSize) / k));
  for (let i = 0; i < grid.length; i++) {
    const t = (grid[i]! - 0.25) / 0.35;
    grid[i] = t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
  }
  // Bilinear upsampling: smooth over a cell without a full-resolution blur.
  return upsampleSparse(grid, gw, gh, k, w, h);
}
