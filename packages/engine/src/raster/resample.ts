// Box downsampling and bilinear upsampling between a full-resolution ROI and a coarse grid.
import type { Scratch } from './scratch.ts';

export interface Grid { w: number; h: number; k: number }

export function gridFor(w: number, h: number, k: number): Grid {
  return { w: Math.ceil(w / k), h: Math.ceil(h / k), k };
}

/** Mean of each k×k cell of `planes` planar channels (w × h) into `out` (planes × g.w × g.h). */
export function boxDown(src: Float32Array, w: number, h: number, planes: number, g: Grid, out?: Float32Array): Float32Array {
  const gn = g.w * g.h, n = w * h, k = g.k;
  const dst = out ?? new Float32Array(planes * gn);
  dst.fill(0, 0, planes * gn);
  const gx = new Int32Array(w);
  for (let x = 0; x < w; x++) gx[x] = (x / k) | 0;
  for (let c = 0; c < planes; c++) {
    const so = c * n, go = c * gn;
    for (let y = 0; y < h; y++) {
      const grow = go + ((y / k) | 0) * g.w, row = so + y * w;
      for (let x = 0; x < w; x++) dst[grow + gx[x]!]! += src[row + x]!;
    }
  }
  // Divide by each cell's real pixel count (edge cells may be partial).
  for (let gy = 0; gy < g.h; gy++) {
    const ch = Math.min(k, h - gy * k);
    for (let gxi = 0; gxi < g.w; gxi++) {
      const inv = 1 / (ch * Math.min(k, w - gxi * k));
      for (let c = 0; c < planes; c++) dst[c * gn + gy * g.w + gxi]! *= inv;
    }
  }
  return dst;
}

/** Per-column or per-row bilinear lookup from full resolution into a grid of cell size k. */
export interface Lookup { i0: Int32Array; i1: Int32Array; t: Float32Array }
export function lookup(n: number, gn: number, k: number): Lookup {
  const i0 = new Int32Array(n), i1 = new Int32Array(n), t = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    const f = Math.min(gn - 1, Math.max(0, (x + 0.5) / k - 0.5));
    const a = f | 0;
    i0[x] = a;
    i1[x] = a + 1 < gn ? a + 1 : a;
    t[x] = f - a;
  }
  return { i0, i1, t };
}

/**
 * Bilinear upsampling of a coarse grid (cell size k) to a w × h plane, for grids that are mostly 0
 * (eyes and lips, occluders): each row is computed only over the span its grid rows are not 0.
 * With `into`, the plane is that scratch's (see scratch.ts).
 */
export function upsampleSparse(grid: Float32Array, gw: number, gh: number, k: number, w: number, h: number, into?: Scratch<Float32Array>): Float32Array {
  const first = new Int32Array(gh).fill(gw), last = new Int32Array(gh).fill(-1);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      if (grid[gy * gw + gx] === 0) continue;
      if (gx < first[gy]!) first[gy] = gx;
      last[gy] = gx;
    }
  }
  const out = into ? into.take(w * h).fill(0) : new Float32Array(w * h);
  const lx = lookup(w, gw, k), ly = lookup(h, gh, k);
  for (let y = 0; y < h; y++) {
    const gy0 = ly.i0[y]!, gy1 = ly.i1[y]!;
    const c0 = Math.min(first[gy0]!, first[gy1]!), c1 = Math.max(last[gy0]!, last[gy1]!);
    if (c1 < c0) continue;
    // Pixels whose lookup touches columns c0..c1 (conservative: the rest would read zeros).
    const x0 = Math.max(0, Math.floor((c0 - 0.5) * k - 0.5)), x1 = Math.min(w - 1, Math.ceil((c1 + 1.5) * k));
    const r0 = gy0 * gw, r1 = gy1 * gw, ty = ly.t[y]!;
    for (let x = x0; x <= x1; x++) {
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!;
      out[y * w + x] = (grid[r0 + a]! * (1 - tx) + grid[r0 + b]! * tx) * (1 - ty) + (grid[r1 + a]! * (1 - tx) + grid[r1 + b]! * tx) * ty;
    }
  }
  return out;
}
