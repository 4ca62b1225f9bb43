// Warps the source face onto the target mesh triangle by triangle with bilinear sampling,
// restricted to the target's region of interest. Hidden source triangles may be replaced by their
// mirror twins (see mirror.ts) so a turned-away cheek is not stretched.
import { signedArea2, triangleAffine } from './affine.ts';
import type { RgbImage } from '../core/image.ts';
import { Scratch } from './scratch.ts';

export interface Roi { x: number; y: number; w: number; h: number }

export interface WarpInput {
  src: RgbImage;
  /** Source mesh points, flat x,y (at least 468 points). */
  srcPts: Float32Array;
  /** Target mesh points, flat x,y, in target image coordinates. */
  dstPts: Float32Array;
  triangles: Uint16Array;
  /** Optional class per triangle written into `cover` (default 1). */
  triClass?: Uint8Array;
  /**
   * Optional depth per target point (smaller is nearer the camera). Where front-facing triangles
   * overlap in a turned face (the nose over the far cheek), the nearest is drawn; without it the
   * first one listed is.
   */
  dstZ?: Float32Array;
  /** Optional per-triangle replacement source triangles (flat 6 numbers each); NaN = use srcPts. */
  srcOverride?: Float32Array;
  /**
   * Optional colour gains (R, G, B) at each triangle's three corners (flat 9 numbers each, corner
   * by corner), interpolated across it and applied to what it samples; NaN = none.
   */
  srcGain?: Float32Array;
  roi: Roi;
  /** Arrays to warp into, reused from the last warp given them (see scratch.ts); without, new ones. */
  buffers?: WarpBuffers;
}

export interface WarpBuffers { rgb: Scratch<Float32Array>; cover: Scratch<Uint8Array>; triangle: Scratch<Int16Array>; depth: Scratch<Float32Array> }

export function warpBuffers(): WarpBuffers {
  return { rgb: new Scratch(Float32Array), cover: new Scratch(Uint8Array), triangle: new Scratch(Int16Array), depth: new Scratch(Float32Array) };
}

export interface WarpOutput {
  /** Planar float RGB (3 planes of roi.w × roi.h), 0..255. */
  rgb: Float32Array;
  /** Class of the triangle that covered the pixel (0 = none). */
  cover: Uint8Array;
  /** Index of the triangle that covered the pixel (−1 = none). */
  triangle: Int16Array;
}

export function warpTriangles(inp: WarpInput): WarpOutput {
  const { src, srcPts, dstPts, triangles, roi, srcOverride, srcGain, triClass, dstZ, buffers } = inp;
  const n = roi.w * roi.h;
  // Without buffers of the caller's, new ones (their fills then redo what a new array holds).
  const into = buffers ?? warpBuffers();
  const rgb = into.rgb.take(3 * n).fill(0);
  const cover = into.cover.take(n).fill(0);
  const triangle = into.triangle.take(n).fill(-1);
  const depth = dstZ ? into.depth.take(n).fill(Infinity) : null;
  const sw = src.width, sh = src.height, sd = src.data;
  const from = new Float64Array(6);
  const to = new Float64Array(6);
  const tcount = triangles.length / 3;
  for (let t = 0; t < tcount; t++) {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    from[0] = dstPts[2 * a]!; from[1] = dstPts[2 * a + 1]!;
    from[2] = dstPts[2 * b]!; from[3] = dstPts[2 * b + 1]!;
    from[4] = dstPts[2 * c]!; from[5] = dstPts[2 * c + 1]!;
    // A triangle facing away in the target is hidden behind the front of the face: skip it.
    if (signedArea2(from[0], from[1], from[2], from[3], from[4], from[5]) >= 0) continue;
    if (srcOverride && !Number.isNaN(srcOverride[6 * t]!)) {
      for (let k = 0; k < 6; k++) to[k] = srcOverride[6 * t + k]!;
    } else {
      to[0] = srcPts[2 * a]!; to[1] = srcPts[2 * a + 1]!;
      to[2] = srcPts[2 * b]!; to[3] = srcPts[2 * b + 1]!;
      to[4] = srcPts[2 * c]!; to[5] = srcPts[2 * c + 1]!;
    }
    const cls = triClass ? triClass[t]! : 1;
    const m = triangleAffine(from, to);
    if (!m) continue;
    const [ma, mb, mc, md, me, mf] = m;
    const minX = Math.max(roi.x, Math.ceil(Math.min(from[0], from[2], from[4])));
    const maxX = Math.min(roi.x + roi.w - 1, Math.floor(Math.max(from[0], from[2], from[4])));
    const minY = Math.max(roi.y, Math.ceil(Math.min(from[1], from[3], from[5])));
    const maxY = Math.min(roi.y + roi.h - 1, Math.floor(Math.max(from[1], from[3], from[5])));
    if (minX > maxX || minY > maxY) continue;
    // Edge functions (front-facing triangles have negative area, so inside means all ≤ 0).
    const x0 = from[0], y0 = from[1], x1 = from[2], y1 = from[3], x2 = from[4], y2 = from[5];
    const eps = 1e-6;
    const za = dstZ ? dstZ[a]! : 0, zb = dstZ ? dstZ[b]! : 0, zc = dstZ ? dstZ[c]! : 0;
    const area2 = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    const gained = srcGain !== undefined && !Number.isNaN(srcGain[9 * t]!);
    const g9 = gained ? srcGain.subarray(9 * t, 9 * t + 9) : null;
    for (let y = minY; y <= maxY; y++) {
      const rowBase = (y - roi.y) * roi.w - roi.x;
      for (let x = minX; x <= maxX; x++) {
        const e0 = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
        const e1 = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
        const e2 = (x0 - x2) * (y - y2) - (y0 - y2) * (x - x2);
        if (e0 > eps || e1 > eps || e2 > eps) continue;
        const idx = rowBase + x;
        if (depth) {
          // e1, e2, e0 are the barycentric weights of a, b, c times the doubled area.
          const z = (e1 * za + e2 * zb + e0 * zc) / area2;
          if (z >= depth[idx]!) continue;
          depth[idx] = z;
        } else if (cover[idx]) continue;
        cover[idx] = cls;
        triangle[idx] = t;
        // Bilinear sample of the source at the mapped position, clamped to the image.
        let sx = ma * x + mb * y + mc;
        let sy = md * x + me * y + mf;
        if (sx < 0) sx = 0; else if (sx > sw - 1) sx = sw - 1;
        if (sy < 0) sy = 0; else if (sy > sh - 1) sy = sh - 1;
        const ix = sx | 0, iy = sy | 0;
        const fx = sx - ix, fy = sy - iy;
        const ix1 = ix + 1 < sw ? ix + 1 : ix;
        const iy1 = iy + 1 < sh ? iy + 1 : iy;
        const p00 = (iy * sw + ix) * 3, p10 = (iy * sw + ix1) * 3, p01 = (iy1 * sw + ix) * 3, p11 = (iy1 * sw + ix1) * 3;
        const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
        const red = sd[p00]! * w00 + sd[p10]! * w10 + sd[p01]! * w01 + sd[p11]! * w11;
        const green = sd[p00 + 1]! * w00 + sd[p10 + 1]! * w10 + sd[p01 + 1]! * w01 + sd[p11 + 1]! * w11;
        const blue = sd[p00 + 2]! * w00 + sd[p10 + 2]! * w10 + sd[p01 + 2]! * w01 + sd[p11 + 2]! * w11;
        if (g9) {
          // e1, e2, e0 weigh a, b, c (see the depth above); 255 caps a brightened sample.
          const ka = e1 / area2, kb = e2 / area2, kc = e0 / area2;
          rgb[idx] = Math.min(255, red * (ka * g9[0]! + kb * g9[3]! + kc * g9[6]!));
          rgb[n + idx] = Math.min(255, green * (ka * g9[1]! + kb * g9[4]! + kc * g9[7]!));
          rgb[2 * n + idx] = Math.min(255, blue * (ka * g9[2]! + kb * g9[5]! + kc * g9[8]!));
        } else {
          rgb[idx] = red;
          rgb[n + idx] = green;
          rgb[2 * n + idx] = blue;
        }
      }
    }
  }
  return { rgb, cover, triangle };
}
