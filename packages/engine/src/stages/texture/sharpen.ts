// A smaller source is not softer than it must be: the warp upsamples a source face smaller
// than the target's bilinearly, which spreads each source pixel's edge over `scale` target pixels.
// An unsharp mask at the scale of one source pixel gives eyes, brows, nostrils and lips back their
// edges (the target's grain is restored afterwards, measured on the sharpened face). A tiny source
// is left alone: below about 64 px its pixel steps and compression blocks are most of what
// sharpening would bring out.
import { boxDown, gridFor, lookup } from '../../raster/resample.ts';
import { TRI_OUTER } from '../../mesh/topology.ts';
import { smoothstep } from '../../raster/ramp.ts';
import type { Stage } from '../context.ts';

/** Upscale (target face size / source face size) from which sharpening starts, and where it is full. */
export const SHARPEN_FROM = 1.5, SHARPEN_FULL = 3;
/** Unsharp amount at full strength. */
export const SHARPEN_AMOUNT = 0.6;
/** Source face sizes (px) below which nothing is sharpened, and from which it is at full strength. */
export const SHARPEN_MIN_SOURCE = 64, SHARPEN_FULL_SOURCE = 96;

/**
 * The unsharp amount for a source face of `sourceSize` px warped onto one of `targetSize` px, its
 * detail worth a face of `detailSize` px (smaller when the photo is blurred, see face-blur.ts).
 */
export function sharpenAmount(sourceSize: number, targetSize: number, detailSize = sourceSize): number {
  const scale = targetSize / detailSize;
  return SHARPEN_AMOUNT
    * smoothstep((scale - SHARPEN_FROM) / (SHARPEN_FULL - SHARPEN_FROM))
    * smoothstep((sourceSize - SHARPEN_MIN_SOURCE) / (SHARPEN_FULL_SOURCE - SHARPEN_MIN_SOURCE));
}

/**
 * Sharpens the planar RGB warped source (3 planes of w × h) in place by `amount` where the warp
 * covered it inside the mesh's outer ring (`cover` neither 0 nor TRI_OUTER). Its unsharp mask
 * is the source box-averaged over cells of about one source pixel (`scale` target pixels) and brought
 * back up bilinearly, a blur of about half a source pixel at a fraction of a Gaussian's cost (a
 * Gaussian over the full-resolution ROI tripled the warp's time on a 1024 px target). Values are not
 * clamped (the relight pass clamps).
 */
export function sharpenWarped(planes: Float32Array, cover: Uint8Array, w: number, h: number, scale: number, amount: number): void {
  const k = Math.round(scale);
  if (amount <= 0 || k < 2) return;
  const n = w * h;
  const g = gridFor(w, h, k), gn = g.w * g.h;
  const small = boxDown(planes, w, h, 3, g);
  const lx = lookup(w, g.w, k), ly = lookup(h, g.h, k);
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * g.w, r1 = ly.i1[y]! * g.w, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Only what the mask can show: the mesh's outer ring is left to the target whatever it holds.
      if (cover[i] === 0 || cover[i] === TRI_OUTER) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      for (let c = 0; c < 3; c++) {
        const o = c * gn;
        const blurred = small[o + r0 + a]! * w00 + small[o + r0 + b]! * w01 + small[o + r1 + a]! * w10 + small[o + r1 + b]! * w11;
        const v = planes[c * n + i]!;
        planes[c * n + i] = v + amount * (v - blurred);
      }
    }
  }
}

export const sharpenStage: Stage = {
  name: 'sharpen',
  timing: 'warp',
  reads: ['defocused', 'srcFace', 'faceSize', 'detail', 'warped', 'roi'],
  writes: ['sharpened'],
  run(s) {
    // A target out of focus takes the source as soft as itself, unsharpened (see focus/focus.ts).
    s.sharpened = s.defocused > 0 ? 0 : sharpenAmount(s.srcFace.size, s.faceSize, s.detail);
    sharpenWarped(s.warped.rgb, s.warped.cover, s.roi.w, s.roi.h, s.faceSize / s.detail, s.sharpened);
  },
};
