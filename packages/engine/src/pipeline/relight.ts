// Step 6: relight and recolour by low-frequency transfer. The warped source is multiplied, per
// channel, by blur(target)/blur(warped source), both blurred over skin only (eyes, brows, lips
// excluded), so the target's lighting and skin tone carry over while the source's detail stays.
// Uncovered pixels are filled with the target so nothing undefined reaches the blend.
import { gaussianBlur } from '../raster/blur.ts';

export interface RelightInput {
  /** Planar RGB of the warped source (modified in place). */
  warped: Float32Array;
  /** Planar RGB of the target ROI. */
  target: Float32Array;
  skin: Float32Array;
  cover: Uint8Array;
  w: number;
  h: number;
  faceSize: number;
}

const MIN_GAIN = 0.35;
const MAX_GAIN = 2.8;
/** Blur of the lighting estimate, as a fraction of the face size. */
export const RELIGHT_SIGMA = 0.11;

export function relight(inp: RelightInput): { gains: [number, number, number] } {
  const { warped, target, skin, cover, w, h, faceSize } = inp;
  const n = w * h;
  // Lighting is low-frequency: estimate it on a coarse grid so the cost barely depends on face size.
  const ds = Math.max(1, Math.floor(faceSize / 48));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds), gn = gw * gh;
  const gx = new Int32Array(w);
  for (let x = 0; x < w; x++) gx[x] = (x / ds) | 0;
  const wt = new Float32Array(gn);
  const sums = new Float32Array(6 * gn); // T r,g,b then W r,g,b
  for (let y = 0; y < h; y++) {
    const gy = ((y / ds) | 0) * gw;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      if (skin[i] === 0 || cover[i] === 0) continue;
      const g = gy + gx[x]!;
      wt[g]! += 1;
      sums[g]! += target[i]!;
      sums[gn + g]! += target[n + i]!;
      sums[2 * gn + g]! += target[2 * n + i]!;
      sums[3 * gn + g]! += warped[i]!;
      sums[4 * gn + g]! += warped[n + i]!;
      sums[5 * gn + g]! += warped[2 * n + i]!;
    }
  }
  let total = 0;
  const glob = new Float64Array(6);
  for (let g = 0; g < gn; g++) total += wt[g]!;
  for (let k = 0; k < 6; k++) {
    let s = 0;
    for (let g = 0; g < gn; g++) s += sums[k * gn + g]!;
    glob[k] = s;
  }
  const gains: [number, number, number] = [1, 1, 1];
  if (total < 1) {
    fillUncovered(warped, target, cover, n);
    return { gains };
  }
  const sigma = (RELIGHT_SIGMA * faceSize) / ds;
  const tmp = new Float32Array(gn);
  gaussianBlur(wt, gw, gh, sigma, tmp);
  const gainGrid = new Float32Array(3 * gn);
  // Regularise toward the global ratio where little skin is nearby (prior weight `eps` pixels).
  const eps = 0.05 * ds * ds;
  for (let c = 0; c < 3; c++) {
    const gt = glob[c]! / total, gwv = glob[3 + c]! / total;
    gains[c] = clampGain((gt + 1) / (gwv + 1));
    const st = sums.subarray(c * gn, (c + 1) * gn), sw = sums.subarray((3 + c) * gn, (4 + c) * gn);
    gaussianBlur(st, gw, gh, sigma, tmp);
    gaussianBlur(sw, gw, gh, sigma, tmp);
    for (let g = 0; g < gn; g++) {
      const d = wt[g]! + eps;
      gainGrid[c * gn + g] = clampGain(((st[g]! + eps * gt) / d + 1) / ((sw[g]! + eps * gwv) / d + 1));
    }
  }
  // Apply with bilinear upsampling of the gain grid (lookups precomputed per column and row).
  const x0 = new Int32Array(w), x1 = new Int32Array(w), tx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const f = Math.min(gw - 1, Math.max(0, (x + 0.5) / ds - 0.5));
    x0[x] = f | 0; x1[x] = Math.min(gw - 1, (f | 0) + 1); tx[x] = f - (f | 0);
  }
  for (let c = 0; c < 3; c++) {
    const off = c * gn, po = c * n;
    for (let y = 0; y < h; y++) {
      const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / ds - 0.5));
      const r0 = off + (fy | 0) * gw, r1 = off + Math.min(gh - 1, (fy | 0) + 1) * gw, ty = fy - (fy | 0), uy = 1 - ty;
      const row = y * w;
      for (let x = 0; x < w; x++) {
        const i = row + x;
        if (cover[i] === 0) { warped[po + i] = target[po + i]!; continue; }
        const a = x0[x]!, b = x1[x]!, t = tx[x]!;
        const top = gainGrid[r0 + a]! + (gainGrid[r0 + b]! - gainGrid[r0 + a]!) * t;
        const bot = gainGrid[r1 + a]! + (gainGrid[r1 + b]! - gainGrid[r1 + a]!) * t;
        const v = (warped[po + i]! + 1) * (top * uy + bot * ty) - 1;
        warped[po + i] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return { gains };
}

function fillUncovered(warped: Float32Array, target: Float32Array, cover: Uint8Array, n: number): void {
  for (let i = 0; i < n; i++) {
    if (cover[i]) continue;
    warped[i] = target[i]!;
    warped[n + i] = target[n + i]!;
    warped[2 * n + i] = target[2 * n + i]!;
  }
}

function clampGain(g: number): number {
  return g < MIN_GAIN ? MIN_GAIN : g > MAX_GAIN ? MAX_GAIN : g;
}
