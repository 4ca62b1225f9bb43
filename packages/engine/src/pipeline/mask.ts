// Step 5: the blend mask. Inner face only (brows to chin, cheek to cheek; never the source's hairline),
// built from the warped triangles' classes so it stays right on profiles, feathered in proportion to
// the face size. Where the target's mouth is open its interior (teeth, tongue) is kept.
import { gaussianBlur } from '../raster/blur.ts';
import type { Roi } from '../raster/warp.ts';
import { LEFT_EYE_LOOP, loopUv, OUTER_LIP_LOOP, RIGHT_EYE_LOOP, TRI_FEATURE, TRI_FOREHEAD, TRI_MOUTH, TRI_SKIN, TRI_SKIN_UPPER } from '../mesh/topology.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { upsampleSparse } from '../raster/resample.ts';
import { smoothstep } from '../raster/ramp.ts';

/** Inner-lip gap relative to face height; above MOUTH_OPEN the target's mouth interior is kept. */
export function mouthOpenness(pts: Float32Array): number {
  const gap = Math.hypot(pts[2 * 13]! - pts[2 * 14]!, pts[2 * 13 + 1]! - pts[2 * 14 + 1]!);
  const faceH = Math.hypot(pts[2 * 10]! - pts[2 * 152]!, pts[2 * 10 + 1]! - pts[2 * 152 + 1]!);
  return faceH > 0 ? gap / faceH : 0;
}
export const MOUTH_OPEN = 0.025;

export interface FaceMasks {
  /** Feathered blend mask 0..1 (0 on and outside the edge of what the source shows). */
  alpha: Float32Array;
  /** Hard support: the only pixels that may change. */
  support: Uint8Array;
  /** Pixels used to estimate the colour transfer and grain: skin only (no eyes, brows, lips, mouth). */
  skin: Uint8Array;
}

/** Feather radius (Gaussian sigma) as a fraction of the face size. */
export const FEATHER = 0.03;

export function buildMasks(cover: Uint8Array, roi: Roi, faceSize: number, mouthOpen: boolean): FaceMasks {
  const { w, h } = roi;
  const n = w * h;
  // `swapped` is where the source shows (alpha's support). The support adds the forehead the gate
  // left to the target: alpha is 0 there, so those pixels take only the blend's coarse bands, and
  // a notch of the target's hairline fades into the new skin instead of showing as a hard-edged cell.
  const swapped = new Uint8Array(n), support = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = cover[i]!;
    swapped[i] = c === TRI_SKIN || c === TRI_SKIN_UPPER || c === TRI_FEATURE || (c === TRI_MOUTH && !mouthOpen) ? 1 : 0;
    support[i] = swapped[i] || c === TRI_FOREHEAD ? 1 : 0;
  }
  // Feather on a coarse grid (the blur is wide, so resolution there is wasted), then upsample.
  const ds = Math.max(1, Math.floor(faceSize / 120));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds);
  const grid = new Float32Array(gw * gh);
  for (let y = 0; y < h; y++) {
    const gy = ((y / ds) | 0) * gw;
    for (let x = 0; x < w; x++) if (swapped[y * w + x]) grid[gy + ((x / ds) | 0)]! += 1;
  }
  // Cells at the right/bottom edge may be partial; normalise by their real pixel count.
  for (let gy = 0; gy < gh; gy++) {
    const ch = Math.min(ds, h - gy * ds);
    for (let gx = 0; gx < gw; gx++) grid[gy * gw + gx]! /= ch * Math.min(ds, w - gx * ds);
  }
  gaussianBlur(grid, gw, gh, Math.max(1, (FEATHER * faceSize) / ds));
  const alpha = new Float32Array(n);
  const skin = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / ds - 0.5));
    const y0 = fy | 0, y1 = Math.min(gh - 1, y0 + 1), ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!swapped[i]) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / ds - 0.5));
      const x0 = fx | 0, x1 = Math.min(gw - 1, x0 + 1), tx = fx - x0;
      const v = (grid[y0 * gw + x0]! * (1 - tx) + grid[y0 * gw + x1]! * tx) * (1 - ty) + (grid[y1 * gw + x0]! * (1 - tx) + grid[y1 * gw + x1]! * tx) * ty;
      // 0 on the outline, 1 a couple of sigmas inside, smoothstep in between.
      const a = smoothstep((v - 0.5) * 2);
      alpha[i] = a;
      if ((cover[i] === TRI_SKIN || cover[i] === TRI_SKIN_UPPER) && a > 0.3) skin[i] = 1;
    }
  }
  return { alpha, support, skin };
}

/** Feather of the eyes' and lips' own light and colour treatment, as a fraction of the face size. */
export const FEATURE_FEATHER = 0.012;
/** Eye openings and lips grown a little about their centre, so lashes and the lip line are included. */
const FEATURE_LOOP_GROW = 1.1;

/**
 * How much each ROI pixel is eye or lips (0..1), feathered. These are relit apart from the skin (eye
 * whites must not blow out, lips keep their colour); the lids and brows around them are skin and
 * follow the skin's light, so no outline of the features shows on a face much darker or lighter
 * than the source's.
 * @param pts target-placed mesh points, flat x,y in image coordinates
 */
export function featureWeight(pts: Float32Array, roi: Roi, faceSize: number): Float32Array {
  const { w, h } = roi;
  const ds = Math.max(1, Math.floor(faceSize / 120));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds);
  const grid = new Float32Array(gw * gh);
  for (const loop of [LEFT_EYE_LOOP, RIGHT_EYE_LOOP, OUTER_LIP_LOOP]) {
    const poly = loopUv(pts, loop, FEATURE_LOOP_GROW);
    // Into grid coordinates (cell centres at integers).
    for (let k = 0; k < poly.length; k += 2) {
      poly[k] = (poly[k]! - roi.x + 0.5) / ds - 0.5;
      poly[k + 1] = (poly[k + 1]! - roi.y + 0.5) / ds - 0.5;
    }
    fillPolygon(grid, gw, gh, 0, 0, poly);
  }
  gaussianBlur(grid, gw, gh, Math.max(0.5, (FEATURE_FEATHER * faceSize) / ds));
  return upsampleSparse(grid, gw, gh, ds, w, h);
}
