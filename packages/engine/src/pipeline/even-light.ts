// Step 6, the source's own side light: the light field (relight.ts) follows the target's light only
// at a wide scale, so a source lit from one side kept a bright half and a dark half on every target
// (011 onto 007 split along the nose; 012's shaded cheek). A face's skin is nearly as bright on one
// side as on the other; what differs between the halves is mostly light. Each point of the warped
// source is brought halfway, in brightness, toward its mirror image across the face's midline, at
// the scale of a cheek, so the halves meet at their mean; the target's light is applied after. Only
// for faces near frontal in both photos (see EVEN_LIGHT_MAX_YAW), where a reflection across the
// midline in the image is a reflection on the face. Over the fixtures it moved identity by one pair
// either way (118 and 150 against 117 and 151) and the mean identity margin by +0.0002.
import { gaussianBlur } from '../raster/blur.ts';
import { lookup } from '../raster/resample.ts';
import type { Roi } from '../raster/warp.ts';
import { TRI_SKIN, TRI_SKIN_UPPER } from '../mesh/topology.ts';

/** Largest head turn (degrees, either photo) for which the halves are evened. */
export const EVEN_LIGHT_MAX_YAW = 20;
/** Blur of the brightness compared across the midline, as a fraction of the face size. */
export const EVEN_LIGHT_SIGMA = 0.08;
/** Bounds on the brightness factor any point takes. */
export const EVEN_LIGHT_MIN = 0.7, EVEN_LIGHT_MAX = 1.4;

/**
 * Evens the warped source's light across the midline through `top` and `chin` (ROI pixel
 * coordinates), in place: `planes` is planar RGB (3 × w × h), `cover` the warp's triangle classes.
 * Returns the largest factor applied (1: nothing changed).
 */
export function evenSourceLight(planes: Float32Array, cover: Uint8Array, roi: Roi, top: readonly [number, number], chin: readonly [number, number], faceSize: number): number {
  const { w, h } = roi;
  const n = w * h;
  const k = Math.max(1, Math.floor(faceSize / 48));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k), gn = gw * gh;
  // Mean skin brightness per cell under a normalised blur (eyes, brows and lips left out).
  const sum = new Float32Array(gn), count = new Float32Array(gn);
  for (let y = 0; y < h; y++) {
    const row = ((y / k) | 0) * gw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (cover[i] !== TRI_SKIN && cover[i] !== TRI_SKIN_UPPER) continue;
      const g = row + ((x / k) | 0);
      sum[g]! += 0.299 * planes[i]! + 0.587 * planes[n + i]! + 0.114 * planes[2 * n + i]!;
      count[g]! += 1;
    }
  }
  const sigma = (EVEN_LIGHT_SIGMA * faceSize) / k;
  gaussianBlur(sum, gw, gh, sigma);
  gaussianBlur(count, gw, gh, sigma);
  const lum = new Float32Array(gn);
  for (let g = 0; g < gn; g++) lum[g] = count[g]! > 0.05 ? sum[g]! / count[g]! : 0;
  // The midline in cell coordinates, and its unit normal.
  const ax = top[0] / k, ay = top[1] / k;
  const len = Math.hypot(chin[0] / k - ax, chin[1] / k - ay) || 1;
  const nx = -(chin[1] / k - ay) / len, ny = (chin[0] / k - ax) / len;
  const factor = new Float32Array(gn).fill(1);
  let largest = 1;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      if (lum[g] === 0) continue;
      const d = (gx + 0.5 - ax) * nx + (gy + 0.5 - ay) * ny;
      const mirror = sampleCells(lum, gw, gh, gx - 2 * d * nx, gy - 2 * d * ny);
      if (mirror === 0) continue;
      const f = Math.min(EVEN_LIGHT_MAX, Math.max(EVEN_LIGHT_MIN, Math.sqrt((mirror + 1) / (lum[g]! + 1))));
      factor[g] = f;
      if (Math.abs(Math.log(f)) > Math.abs(Math.log(largest))) largest = f;
    }
  }
  if (largest === 1) return 1;
  const lx = lookup(w, gw, k), ly = lookup(h, gh, k);
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * gw, r1 = ly.i1[y]! * gw, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (cover[i] === 0) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const f = (factor[r0 + a]! * ux + factor[r0 + b]! * tx) * uy + (factor[r1 + a]! * ux + factor[r1 + b]! * tx) * ty;
      planes[i]! *= f;
      planes[n + i]! *= f;
      planes[2 * n + i]! *= f;
    }
  }
  return largest;
}

/** Bilinear sample of `cells` at cell-centre coordinates (x, y); 0 where any of the four has no skin. */
function sampleCells(cells: Float32Array, gw: number, gh: number, x: number, y: number): number {
  const fx = Math.min(gw - 1, Math.max(0, x)), fy = Math.min(gh - 1, Math.max(0, y));
  const x0 = fx | 0, y0 = fy | 0, x1 = Math.min(gw - 1, x0 + 1), y1 = Math.min(gh - 1, y0 + 1), tx = fx - x0, ty = fy - y0;
  const v00 = cells[y0 * gw + x0]!, v01 = cells[y0 * gw + x1]!, v10 = cells[y1 * gw + x0]!, v11 = cells[y1 * gw + x1]!;
  if (v00 === 0 || v01 === 0 || v10 === 0 || v11 === 0) return 0;
  return (v00 * (1 - tx) + v01 * tx) * (1 - ty) + (v10 * (1 - tx) + v11 * tx) * ty;
}
