// A source face far larger than the face it replaces (a selfie's face onto a small face in a photo)
// is reduced before the warp. The warp samples bilinearly: 5–10× smaller, unfiltered, the face's
// pores, lashes and strands of hair aliased into a harsh speckle and jagged lines. libvips' Lanczos
// kernel keeps the edges that a box filter (tried: the eyes of 007 on the 43-px 005 went to mush)
// softens, and a light sharpening gives back what the filter still takes.
import sharp from 'sharp';
import type { RgbImage } from './decode.ts';
import type { Face } from './detect.ts';

/**
 * The whole factor a source face is reduced by: its size over the target face's, so the reduced face
 * is at least as large as the target's and the warp never shrinks it by 2× or more.
 */
export function sourceFactor(sourceSize: number, targetSize: number): number {
  return Math.max(1, Math.floor(sourceSize / targetSize));
}

/**
 * libvips' sharpening (Gaussian sigma, reduced pixels) after the reduction. Filtered, the face lost the
 * crispness its eyes and lips had unfiltered (on the 43-px 005 they went soft); with it identity is
 * 118/178 instead of 117, and no speckle comes back (see the tests).
 */
const SHARPEN_SIGMA = 0.6;

/** Margin (fraction of the face size) of the region reduced: the mesh, and what bilinear reads beyond it. */
const REGION_MARGIN = 0.25;

/** The face's region of `img` reduced by about f (Lanczos), and the face as seen there. */
export async function reduceFace(img: RgbImage, face: Face, f: number): Promise<{ img: RgbImage; face: Face }> {
  const m = REGION_MARGIN * face.size;
  const x0 = Math.max(0, Math.floor(face.box.x - m)), y0 = Math.max(0, Math.floor(face.box.y - m));
  const x1 = Math.min(img.width, Math.ceil(face.box.x + face.box.width + m) + 1);
  const y1 = Math.min(img.height, Math.ceil(face.box.y + face.box.height + m) + 1);
  const w = Math.max(1, Math.round((x1 - x0) / f)), h = Math.max(1, Math.round((y1 - y0) / f));
  const data = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .resize(w, h, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen({ sigma: SHARPEN_SIGMA })
    .raw()
    .toBuffer();
  // Pixel centres map onto pixel centres; each axis by its own exact factor (the sizes were rounded).
  const sx = (x1 - x0) / w, sy = (y1 - y0) / h;
  const at = (v: number, o: number, s: number) => (v - o + 0.5) / s - 0.5;
  return {
    img: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: w, height: h },
    face: {
      ...face,
      box: { x: at(face.box.x, x0, sx), y: at(face.box.y, y0, sy), width: face.box.width / sx, height: face.box.height / sy },
      landmarks: face.landmarks.map(([x, y, z]) => [at(x, x0, sx), at(y, y0, sy), z] as [number, number, number]),
      size: face.size / Math.max(sx, sy),
    },
  };
}
