// A source face far larger than the face it replaces (a selfie's face onto a small face in a photo)
// is reduced before the warp. The warp samples bilinearly: 5–10× smaller, unfiltered, the face's
// pores, lashes and strands of hair aliased into a harsh speckle and jagged lines. libvips' Lanczos
// kernel keeps the edges that a box filter softens (eyes went to mush), and a light sharpening gives back what the filter still takes.
import sharp from 'sharp';
import type { RgbImage } from '../core/image.ts';
import { faceInRegion, faceRoi, type Face } from './face.ts';
import { factKind } from './facts.ts';

/**
 * The whole factor a source face is reduced by: its size over the target face's, so the reduced face
 * is at least as large as the target's and the warp never shrinks it by 2× or more.
 */
export function sourceFactor(sourceSize: number, targetSize: number): number {
  return Math.max(1, Math.floor(sourceSize / targetSize));
}

/**
 * libvips' sharpening (Gaussian sigma, reduced pixels) after the reduction. Filtered, the face loses the
 * crispness its eyes and lips had unfiltered; this gives it back without the speckle (see the tests).
 */
const SHARPEN_SIGMA = 0.6;

/** Margin (fraction of the face size) of the region reduced: the mesh, and what bilinear reads beyond it. */
const REGION_MARGIN = 0.25;

/** Reduced copies of a face, keyed `${face index}:${factor}`. */
export const REDUCED = factKind<{ img: RgbImage; face: Face }>('reduced', (r) => r.img.data.length);

/** The face's region of `img` reduced by about f (Lanczos), and the face as seen there. */
export async function reduceFace(img: RgbImage, face: Face, f: number): Promise<{ img: RgbImage; face: Face }> {
  const r = faceRoi(face, img.width, img.height, REGION_MARGIN);
  const w = Math.max(1, Math.round(r.w / f)), h = Math.max(1, Math.round(r.h / f));
  const data = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left: r.x, top: r.y, width: r.w, height: r.h })
    .resize(w, h, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen({ sigma: SHARPEN_SIGMA })
    .raw()
    .toBuffer();
  // Each axis by its own exact factor (the sizes were rounded).
  return {
    img: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: w, height: h },
    face: faceInRegion(face, r.x, r.y, r.w / w, r.h / h),
  };
}
