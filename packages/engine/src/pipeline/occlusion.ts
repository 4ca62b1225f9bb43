// Occlusion: pixels of the face that are not skin-coloured (a scarf, a beard, glasses frames, a
// strand of hair) in the target are kept from the target, and where the source face is covered the
// target shows through too, instead of pasting a scarf or a face over the other image's objects.
// Skin colour is modelled per image from the cheeks and nose (upper skin), in intensity-free
// chromaticity so shadows do not count as occluders.
import { gaussianBlur } from '../raster/blur.ts';
import { TRI_SKIN, TRI_SKIN_UPPER } from '../mesh/topology.ts';
import type { Roi } from '../raster/warp.ts';

interface Model { mr: number; mg: number; i00: number; i01: number; i11: number; my: number }

/** Luminance below which chromaticity is too noisy to judge. */
const DARK = 40;
/** Mahalanobis distances (in standard deviations) where occlusion starts and is complete. */
const D0 = 4, D1 = 6;
/** Luminance relative to the skin's mean below which a pixel counts as an occluder (fully at DARK_0). */
const DARK_0 = 0.22, DARK_1 = 0.35;

type Px = (i: number) => [number, number, number];

function fit(px: Px, cover: Uint8Array, w: number, h: number, prev: Model | null): Model | null {
  let n = 0, sr = 0, sg = 0, srr = 0, sgg = 0, srg = 0, sy = 0;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (cover[i] !== TRI_SKIN_UPPER) continue;
      const [R, G, B] = px(i);
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

/**
 * Returns the occlusion weight (0..1) of every ROI pixel, smoothed. Only skin-class pixels can be
 * occluders: eyes, brows and lips differ from skin by nature.
 */
export function occlusionMask(image: Uint8Array, imageWidth: number, roi: Roi, warped: Float32Array, cover: Uint8Array, faceSize: number): Float32Array | null {
  const { w, h } = roi;
  const n = w * h;
  const tpx: Px = (i) => {
    const p = ((roi.y + ((i / w) | 0)) * imageWidth + roi.x + (i % w)) * 3;
    return [image[p]!, image[p + 1]!, image[p + 2]!];
  };
  const spx: Px = (i) => [warped[i]!, warped[n + i]!, warped[2 * n + i]!];
  const mt = model(tpx, cover, w, h);
  const ms = model(spx, cover, w, h);
  if (!mt && !ms) return null;
  // Evaluate on a coarse grid: occluders worth keeping are larger than a few pixels.
  const k = Math.max(1, Math.floor(faceSize / 96));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k);
  const grid = new Float32Array(gw * gh);
  const cnt = new Float32Array(gw * gh);
  let any = false;
  for (let y = 0; y < h; y += k) {
    for (let x = 0; x < w; x += k) {
      const i = y * w + x;
      const c = cover[i];
      if (c !== TRI_SKIN && c !== TRI_SKIN_UPPER) continue;
      let occ = 0;
      for (const [m, px] of [[mt, tpx], [ms, spx]] as const) {
        if (!m) continue;
        const [R, G, B] = px(i);
        const Y = 0.299 * R + 0.587 * G + 0.114 * B;
        // Far darker than the face's skin: a dark scarf edge, sunglasses, hair (not a soft shadow).
        const rel = Y / m.my;
        const dark = rel >= DARK_1 ? 0 : rel <= DARK_0 ? 1 : (DARK_1 - rel) / (DARK_1 - DARK_0);
        if (dark > occ) occ = dark;
        if (Y < DARK) continue;
        const s = R + G + B + 1;
        const d = Math.sqrt(dist2(m, R / s, G / s));
        const o = d <= D0 ? 0 : d >= D1 ? 1 : (d - D0) / (D1 - D0);
        if (o > occ) occ = o;
      }
      const gi = ((y / k) | 0) * gw + ((x / k) | 0);
      grid[gi] = occ;
      cnt[gi] = 1;
      if (occ > 0) any = true;
    }
  }
  if (!any) return null;
  // Speckle (single pores, noise) is removed by a blur and a threshold; real occluders survive.
  gaussianBlur(grid, gw, gh, Math.max(1, (0.02 * faceSize) / k));
  const out = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const gy = Math.min(gh - 1, (y / k) | 0);
    for (let x = 0; x < w; x++) {
      const v = grid[gy * gw + Math.min(gw - 1, (x / k) | 0)]!;
      const t = (v - 0.25) / 0.35;
      out[y * w + x] = t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
    }
  }
  // Smooth the blocky nearest-cell upsampling a little.
  gaussianBlur(out, w, h, Math.max(1, k / 2));
  return out;
}
