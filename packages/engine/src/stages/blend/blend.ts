// Multi-band (Laplacian pyramid) blend. Written as target + Σ_levels expand(maskᵢ · Lᵢ(source − target)),
// which equals the classic two-pyramid blend but needs one pyramid. Only pixels in `support` change,
// so everything outside the mask stays bit-identical.
import { boxDown, lookup, type Grid } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';
import type { Stage } from '../context.ts';

interface Level { w: number; h: number; data: Float32Array }

/** 5-tap binomial blur + 2× decimation. */
export function reduce(src: Float32Array, w: number, h: number): Level {
  const w2 = (w + 1) >> 1, h2 = (h + 1) >> 1;
  const tmp = new Float32Array(w2 * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x2 = 0; x2 < w2; x2++) {
      const x = 2 * x2;
      const xm2 = x - 2 < 0 ? 0 : x - 2, xm1 = x - 1 < 0 ? 0 : x - 1;
      const xp1 = x + 1 >= w ? w - 1 : x + 1, xp2 = x + 2 >= w ? w - 1 : x + 2;
      tmp[y * w2 + x2] = (src[row + xm2]! + 4 * src[row + xm1]! + 6 * src[row + x]! + 4 * src[row + xp1]! + src[row + xp2]!) * 0.0625;
    }
  }
  const out = new Float32Array(w2 * h2);
  for (let y2 = 0; y2 < h2; y2++) {
    const y = 2 * y2;
    const ym2 = (y - 2 < 0 ? 0 : y - 2) * w2, ym1 = (y - 1 < 0 ? 0 : y - 1) * w2, y0 = y * w2;
    const yp1 = (y + 1 >= h ? h - 1 : y + 1) * w2, yp2 = (y + 2 >= h ? h - 1 : y + 2) * w2;
    for (let x = 0; x < w2; x++) {
      out[y2 * w2 + x] = (tmp[ym2 + x]! + 4 * tmp[ym1 + x]! + 6 * tmp[y0 + x]! + 4 * tmp[yp1 + x]! + tmp[yp2 + x]!) * 0.0625;
    }
  }
  return { w: w2, h: h2, data: out };
}

/** Column/row lookup for 2× bilinear upsampling (half-pixel aligned with `reduce`). */
function upIndex(n2: number, n: number): { i0: Int32Array; i1: Int32Array; t: Float32Array } {
  const i0 = new Int32Array(n), i1 = new Int32Array(n), t = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    const f = Math.min(n2 - 1, x * 0.5);
    const a = f | 0;
    i0[x] = a;
    i1[x] = a + 1 < n2 ? a + 1 : a;
    t[x] = f - a;
  }
  return { i0, i1, t };
}

/** Bilinear 2× upsampling of a reduced level back to w × h. */
export function expand(src: Float32Array, w2: number, h2: number, w: number, h: number, out?: Float32Array): Float32Array {
  const dst = out ?? new Float32Array(w * h);
  const cx = upIndex(w2, w), cy = upIndex(h2, h);
  for (let y = 0; y < h; y++) {
    const r0 = cy.i0[y]! * w2, r1 = cy.i1[y]! * w2, ty = cy.t[y]!, uy = 1 - ty;
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const a = cx.i0[x]!, b = cx.i1[x]!, tx = cx.t[x]!;
      const top = src[r0 + a]! + (src[r0 + b]! - src[r0 + a]!) * tx;
      const bot = src[r1 + a]! + (src[r1 + b]! - src[r1 + a]!) * tx;
      dst[o + x] = top * uy + bot * ty;
    }
  }
  return dst;
}

/** acc ← expand(accSmall) + m · (g − expand(gSmall)), one pass sharing the interpolation. */
function collapseStep(accSmall: Float32Array, gSmall: Float32Array, w2: number, h2: number, g: Float32Array, m: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  const cx = upIndex(w2, w), cy = upIndex(h2, h);
  for (let y = 0; y < h; y++) {
    const r0 = cy.i0[y]! * w2, r1 = cy.i1[y]! * w2, ty = cy.t[y]!, uy = 1 - ty;
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const a = cx.i0[x]!, b = cx.i1[x]!, tx = cx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const accUp = accSmall[r0 + a]! * w00 + accSmall[r0 + b]! * w01 + accSmall[r1 + a]! * w10 + accSmall[r1 + b]! * w11;
      const mv = m[o + x]!;
      if (mv === 0) { out[o + x] = accUp; continue; }
      const gUp = gSmall[r0 + a]! * w00 + gSmall[r0 + b]! * w01 + gSmall[r1 + a]! * w10 + gSmall[r1 + b]! * w11;
      out[o + x] = accUp + mv * (g[o + x]! - gUp);
    }
  }
  return out;
}

/**
 * Multi-band blend of a difference image: returns Σ_levels expand(maskᵢ · Lᵢ(diff)) (planar, 3 channels),
 * so that target + result is the Laplacian-pyramid blend of (target + diff) over target under `alpha`.
 */
export function pyramidBlendDiff(diff: Float32Array, alpha: Float32Array, w: number, h: number, levels: number): Float32Array {
  const n = w * h;
  const masks: Level[] = [{ w, h, data: alpha }];
  for (let l = 1; l < levels; l++) {
    const prev = masks[l - 1]!;
    masks.push(reduce(prev.data, prev.w, prev.h));
  }
  const out = new Float32Array(3 * n);
  for (let c = 0; c < 3; c++) {
    const g: Level[] = [{ w, h, data: diff.subarray(c * n, (c + 1) * n) }];
    for (let l = 1; l < levels; l++) {
      const prev = g[l - 1]!;
      g.push(reduce(prev.data, prev.w, prev.h));
    }
    // Collapse from the coarsest level: acc = mask_L·G_L; then acc = expand(acc) + mask_l·(G_l − expand(G_{l+1}))
    const top = g[levels - 1]!;
    const mtop = masks[levels - 1]!.data;
    let acc: Float32Array = new Float32Array(top.w * top.h);
    for (let i = 0; i < acc.length; i++) acc[i] = mtop[i]! * top.data[i]!;
    for (let l = levels - 2; l >= 0; l--) {
      const cur = g[l]!, next = g[l + 1]!;
      acc = collapseStep(acc, next.data, next.w, next.h, cur.data, masks[l]!.data, cur.w, cur.h);
    }
    out.set(acc, c * n);
  }
  return out;
}

/** Laplacian-pyramid blend of planar RGB `source` over `target` under `alpha`. */
export function pyramidBlend(source: Float32Array, target: Float32Array, alpha: Float32Array, w: number, h: number, levels: number): Float32Array {
  const diff = new Float32Array(source.length);
  for (let i = 0; i < diff.length; i++) diff[i] = source[i]! - target[i]!;
  const acc = pyramidBlendDiff(diff, alpha, w, h, levels);
  for (let i = 0; i < acc.length; i++) acc[i] = acc[i]! + target[i]!;
  return acc;
}

export function pyramidLevels(faceSize: number): number {
  // Coarsest band about a sixteenth of the face: wide enough to hide a seam, narrow enough to stay inside the mask.
  return Math.max(2, Math.min(6, Math.floor(Math.log2(Math.max(8, faceSize) / 12))));
}

/**
 * Blends the face's differences from the target into `target` (in place) over `roi`: the finest
 * band (D − up(D_small)) at full resolution under `alpha`, the coarser bands as a Laplacian pyramid
 * of `small` (D box-averaged onto `grid`, see relight-pass.ts). `diff` is D, planar (3 × w × h).
 * Only pixels in `support` are written; returns how many.
 */
export function blendDifferences(target: { data: Uint8Array; width: number }, roi: Roi, diff: Float32Array, small: Float32Array, grid: Grid, alpha: Float32Array, support: Uint8Array, faceSize: number): number {
  const od = target.data, ow = target.width, g = grid, k = grid.k;
  const { w, h } = roi;
  const n = w * h, gn = g.w * g.h;
  const alphaSmall = boxDown(alpha, w, h, 1, g);
  const levels = Math.max(1, pyramidLevels(faceSize) - Math.log2(k));
  const accSmall = pyramidBlendDiff(small, alphaSmall, g.w, g.h, levels);
  const gx = lookup(w, g.w, k), gy = lookup(h, g.h, k);
  let changed = 0;
  for (let y = 0; y < h; y++) {
    const r0 = gy.i0[y]! * g.w, r1 = gy.i1[y]! * g.w, ty = gy.t[y]!, uy = 1 - ty;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < w; x++, p += 3) {
      const i = y * w + x;
      if (support[i] === 0) continue;
      changed++;
      const a = gx.i0[x]!, b = gx.i1[x]!, tx = gx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      const al = alpha[i]!;
      for (let c = 0; c < 3; c++) {
        const go = c * gn;
        const upD = small[go + i00]! * w00 + small[go + i01]! * w01 + small[go + i10]! * w10 + small[go + i11]! * w11;
        const upAcc = accSmall[go + i00]! * w00 + accSmall[go + i01]! * w01 + accSmall[go + i10]! * w10 + accSmall[go + i11]! * w11;
        const v = od[p + c]! + al * (diff[c * n + i]! - upD) + upAcc;
        od[p + c] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
  return changed;
}

export const blendStage: Stage = {
  name: 'blend',
  timing: 'blend',
  reads: ['out', 'roi', 'warped', 'lit', 'masks', 'faceSize'],
  writes: ['out', 'changed'],
  run(s) {
    s.changed = blendDifferences(s.out, s.roi, s.warped.rgb, s.lit.small, s.lit.grid, s.masks.alpha, s.masks.support, s.faceSize);
  },
};
