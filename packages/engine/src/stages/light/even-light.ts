// The source's own side light: the light field (relight.ts) follows the target's light only
// at a wide scale, so a source lit from one side kept a bright half and a dark half on every target
// (split along the nose, one cheek shaded). A face's skin is nearly as bright on one side as on the
// other; what differs between the halves is mostly light. Each point of the warped
// source is brought halfway, in brightness, toward its mirror image across the face's midline, at
// the scale of a cheek, so the halves meet at their mean, and then takes half of the target's own
// difference between the halves there (all of it made the results look like the target). Only for
// faces near frontal in both photos (see EVEN_LIGHT_MAX_YAW), where a reflection across the midline
// in the image is a reflection on the face.
import { gaussianBlur } from '../../raster/blur.ts';
import { lookup } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';
import { TRI_OUTER, TRI_SKIN, TRI_SKIN_UPPER } from '../../mesh/topology.ts';
import type { Stage } from '../context.ts';

/** Largest head turn (degrees, either photo) for which the halves are evened. */
export const EVEN_LIGHT_MAX_YAW = 20;
/** Blur of the brightness compared across the midline, as a fraction of the face size. */
export const EVEN_LIGHT_SIGMA = 0.08;
/** Share of the target's own brightness difference between the halves that the source takes. */
export const TARGET_LIGHT_SHARE = 0.5;
/**
 * Bounds on the brightness factor any point takes. At 0.7–1.4, 40% of the cells of the baby's face
 * (one lit from one side) sat at a bound and its shaded cheek stayed dark; at 0.5–2 none
 * does, and identity and the light balance improve.
 * A half more than four times darker than its mirror is still not brought all the way (see
 * side-lit.ts).
 */
export const EVEN_LIGHT_MIN = 0.5, EVEN_LIGHT_MAX = 2;
/** Mean skin brightness per cell of a face region, under a normalised blur (eyes, brows and lips left out). */
interface SkinCells {
  /** Pixels per cell. */
  k: number;
  gw: number;
  gh: number;
  /** Brightness of the region's planes per cell; 0 where a cell has no skin near it. */
  lum: Float32Array;
  /** The same for the target's pixels under the region; null without a target. */
  lumT: Float32Array | null;
}

function skinCells(planes: Float32Array, cover: Uint8Array, roi: Roi, faceSize: number, target: { image: Uint8Array; width: number } | null): SkinCells {
  const { w, h } = roi;
  const n = w * h;
  const k = Math.max(1, Math.floor(faceSize / 48));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k), gn = gw * gh;
  const sum = new Float32Array(gn), sumT = new Float32Array(target ? gn : 0), count = new Float32Array(gn);
  // Every other pixel each way is plenty under a blur this wide.
  const step = k > 1 ? 2 : 1;
  for (let y = 0; y < h; y += step) {
    const row = ((y / k) | 0) * gw;
    for (let x = 0; x < w; x += step) {
      const i = y * w + x;
      if (cover[i] !== TRI_SKIN && cover[i] !== TRI_SKIN_UPPER) continue;
      const g = row + ((x / k) | 0);
      sum[g]! += 0.299 * planes[i]! + 0.587 * planes[n + i]! + 0.114 * planes[2 * n + i]!;
      if (target) {
        const p = ((roi.y + y) * target.width + roi.x + x) * 3;
        sumT[g]! += 0.299 * target.image[p]! + 0.587 * target.image[p + 1]! + 0.114 * target.image[p + 2]!;
      }
      count[g]! += 1;
    }
  }
  const sigma = (EVEN_LIGHT_SIGMA * faceSize) / k;
  for (const plane of target ? [sum, sumT, count] : [sum, count]) gaussianBlur(plane, gw, gh, sigma);
  const lum = new Float32Array(gn), lumT = target ? new Float32Array(gn) : null;
  for (let g = 0; g < gn; g++) {
    if (count[g]! <= 0.05) continue;
    lum[g] = sum[g]! / count[g]!;
    if (lumT) lumT[g] = sumT[g]! / count[g]!;
  }
  return { k, gw, gh, lum, lumT };
}

/**
 * Calls `visit` for every skin cell with its mirror image's cell coordinates across the midline
 * through `top` and `chin` (region pixel coordinates).
 */
function acrossMidline(cells: SkinCells, top: readonly [number, number], chin: readonly [number, number], visit: (g: number, mx: number, my: number) => void): void {
  const { k, gw, gh, lum } = cells;
  const ax = top[0] / k, ay = top[1] / k;
  const len = Math.hypot(chin[0] / k - ax, chin[1] / k - ay) || 1;
  const nx = -(chin[1] / k - ay) / len, ny = (chin[0] / k - ax) / len;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      if (lum[g] === 0) continue;
      const d = (gx + 0.5 - ax) * nx + (gy + 0.5 - ay) * ny;
      visit(g, gx - 2 * d * nx, gy - 2 * d * ny);
    }
  }
}

/** The factor that brings a cell halfway to its mirror, in brightness: the halves then meet at their mean. */
function towardMean(lum: number, mirror: number): number {
  return Math.sqrt((mirror + 1) / (lum + 1));
}

/**
 * Evens the warped source's light across the midline through `top` and `chin` (ROI pixel
 * coordinates), in place, toward the target's: `planes` is planar RGB (3 × w × h) over `roi`,
 * `cover` the warp's triangle classes, `target` the interleaved RGB target image (full frame).
 * Returns the largest factor applied (1: nothing changed).
 */
export function evenSourceLight(planes: Float32Array, cover: Uint8Array, roi: Roi, top: readonly [number, number], chin: readonly [number, number], faceSize: number, target: { image: Uint8Array; width: number }): number {
  const { w, h } = roi;
  const n = w * h;
  const cells = skinCells(planes, cover, roi, faceSize, target);
  const { k, gw, gh, lum } = cells;
  const lumT = cells.lumT!;
  const factor = new Float32Array(gw * gh).fill(1);
  let largest = 1;
  acrossMidline(cells, top, chin, (g, mx, my) => {
    const mirror = sampleCells(lum, gw, gh, mx, my), mirrorT = sampleCells(lumT, gw, gh, mx, my);
    if (mirror === 0) return;
    // Halfway to the mirror, then half the target's own ratio to its mirror.
    const toTarget = mirrorT > 0 ? ((lumT[g]! + 1) / (mirrorT + 1)) ** (0.5 * TARGET_LIGHT_SHARE) : 1;
    const f = Math.min(EVEN_LIGHT_MAX, Math.max(EVEN_LIGHT_MIN, towardMean(lum[g]!, mirror) * toTarget));
    factor[g] = f;
    if (Math.abs(Math.log(f)) > Math.abs(Math.log(largest))) largest = f;
  });
  if (largest === 1) return largest;
  const lx = lookup(w, gw, k), ly = lookup(h, gh, k);
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * gw, r1 = ly.i1[y]! * gw, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Only what the mask can show: the mesh's outer ring is left to the target whatever it holds.
      if (cover[i] === 0 || cover[i] === TRI_OUTER) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const f = (factor[r0 + a]! * ux + factor[r0 + b]! * tx) * uy + (factor[r1 + a]! * ux + factor[r1 + b]! * tx) * ty;
      planes[i]! *= f;
      planes[n + i]! *= f;
      planes[2 * n + i]! *= f;
    }
  }
  return largest;
}

/**
 * Share of a face region's skin cells whose halves differ by more than even-light's bounds can
 * even (a mirror ratio over 4): see side-lit.ts. Same arguments as evenSourceLight, without a target.
 */
export function unevenedShare(planes: Float32Array, cover: Uint8Array, roi: Roi, top: readonly [number, number], chin: readonly [number, number], faceSize: number): number {
  const cells = skinCells(planes, cover, roi, faceSize, null);
  let counted = 0, beyond = 0;
  acrossMidline(cells, top, chin, (g, mx, my) => {
    counted++;
    const mirror = sampleCells(cells.lum, cells.gw, cells.gh, mx, my);
    if (mirror === 0) return;
    const f = towardMean(cells.lum[g]!, mirror);
    if (f > EVEN_LIGHT_MAX || f < EVEN_LIGHT_MIN) beyond++;
  });
  return counted > 0 ? beyond / counted : 0;
}

/** Bilinear sample of `cells` at cell-centre coordinates (x, y); 0 where any of the four has no skin. */
function sampleCells(cells: Float32Array, gw: number, gh: number, x: number, y: number): number {
  const fx = Math.min(gw - 1, Math.max(0, x)), fy = Math.min(gh - 1, Math.max(0, y));
  const x0 = fx | 0, y0 = fy | 0, x1 = Math.min(gw - 1, x0 + 1), y1 = Math.min(gh - 1, y0 + 1), tx = fx - x0, ty = fy - y0;
  const v00 = cells[y0 * gw + x0]!, v01 = cells[y0 * gw + x1]!, v10 = cells[y1 * gw + x0]!, v11 = cells[y1 * gw + x1]!;
  if (v00 === 0 || v01 === 0 || v10 === 0 || v11 === 0) return 0;
  return (v00 * (1 - tx) + v01 * tx) * (1 - ty) + (v10 * (1 - tx) + v11 * tx) * ty;
}

export const evenLightStage: Stage = {
  name: 'even light',
  timing: 'warp',
  reads: ['warped', 'roi', 'dstPts', 'dstFace', 'srcFace', 'faceSize', 'out'],
  writes: ['evenedBy'],
  run(s) {
    const { roi, dstPts } = s;
    if (Math.abs(s.dstFace.rotation.yaw) >= EVEN_LIGHT_MAX_YAW || Math.abs(s.srcFace.rotation.yaw) >= EVEN_LIGHT_MAX_YAW) return;
    s.evenedBy = evenSourceLight(s.warped.rgb, s.warped.cover, roi, [dstPts[2 * 10]! - roi.x, dstPts[2 * 10 + 1]! - roi.y], [dstPts[2 * 152]! - roi.x, dstPts[2 * 152 + 1]! - roi.y], s.faceSize, { image: s.out.data, width: s.out.width });
  },
};
