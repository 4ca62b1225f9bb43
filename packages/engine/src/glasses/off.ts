// A face photo's glasses taken off, for a target that wears its own (see glasses/find.ts): the target's
// frame stays on the new face, and the source's, warped in under it, made two pairs of glasses, one
// a little off the other. And for a target turned far from the face photo: a frame stands off the
// face, and warped with the skin onto a turned head its rims spread into a goggle across the temple
// and its arm stopped in a hard edge on the cheek (faces with glasses onto a near profile). The source's
// frame lines are filled from the skin beside them, layer by layer inward (a frame's line is a few
// pixels wide), then smoothed. Its lenses stay: they are the
// eyes seen through glass, and the target's frame rings them.
import type { RgbImage } from '../core/image.ts';
import { faceRoi, flatPoints, type Face } from '../face/face.ts';
import type { Roi } from '../raster/warp.ts';
import type { GlassesFrame } from './keep.ts';
import { above, dilate } from '../raster/morph.ts';
import { faceOval, glassesFrame, GLASSES_MIN_FACE } from './find.ts';

/** Frame weight from which a pixel is filled (its anti-aliased edge included). */
const FILL_FROM = 0.05;
/** Margin (fraction of the face size) filled round the frame. */
const FILL_MARGIN = 0.01;
/** Smoothing passes over the filled pixels: the layers' averages leave streaks along the line. */
const SMOOTH_PASSES = 4;

/** A copy of `img` with the glasses `face` wears filled with its skin; null when it wears none. */
export function withoutGlasses(img: RgbImage, face: Face): RgbImage | null {
  if (face.size < GLASSES_MIN_FACE) return null;
  const pts = flatPoints(face);
  const roi = faceRoi(face, img.width, img.height);
  const frame = glassesFrame(img.data, img.width, roi, pts, face.size, faceOval(pts, roi));
  if (!frame) return null;
  const { w, h } = roi;
  // To fill: the frame and a margin round it (its edge, which the line strength reads only in part).
  const hole = dilate(above(frame.weight, FILL_FROM), w, h, Math.max(1, Math.round(FILL_MARGIN * face.size)));
  const data = Uint8Array.from(img.data);
  const at = (i: number) => ((roi.y + ((i / w) | 0)) * img.width + roi.x + (i % w)) * 3;
  const filled: number[] = [];
  // Onion peel: each layer takes the mean of its known 8-neighbours, then counts as known.
  let layer: number[] = [];
  for (let i = 0; i < hole.length; i++) if (hole[i]) layer.push(i);
  while (layer.length > 0) {
    const next: number[] = [], done: number[] = [];
    for (const i of layer) {
      const x = i % w, y = (i / w) | 0;
      let r = 0, g = 0, b = 0, k = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h || hole[yy * w + xx]) continue;
        const p = at(yy * w + xx);
        r += data[p]!; g += data[p + 1]!; b += data[p + 2]!; k++;
      }
      if (k === 0) { next.push(i); continue; }
      const p = at(i);
      data[p] = Math.round(r / k); data[p + 1] = Math.round(g / k); data[p + 2] = Math.round(b / k);
      done.push(i);
    }
    if (done.length === 0) break;
    for (const i of done) { hole[i] = 0; filled.push(i); }
    layer = next;
  }
  for (let pass = 0; pass < SMOOTH_PASSES; pass++) {
    for (const i of filled) {
      const x = i % w, y = (i / w) | 0;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) continue;
      const p = at(i), row = img.width * 3;
      for (let c = 0; c < 3; c++) data[p + c] = Math.round((data[p + c - 3]! + data[p + c + 3]! + data[p + c - row]! + data[p + c + row]!) / 4);
    }
  }
  return { ...img, data };
}

/** Difference in head turn (degrees) from which a face photo's glasses come off whatever the target wears. */
export const GLASSES_OFF_YAW = 25;

/** Whether `target` is turned so far from `source` that the face photo's glasses come off (GLASSES_OFF_YAW). */
export function turnedPastGlasses(source: Face, target: Face): boolean {
  return Math.abs(source.rotation.yaw - target.rotation.yaw) >= GLASSES_OFF_YAW;
}

/**
 * The glasses the target face (flat mesh points `pts`, over `roi` of `out`) wears, when `keep` (see
 * glasses/find.ts), and the source photo to warp: without its face's own glasses when the target wears
 * some or is turned too far from it (`turned`, see turnedPastGlasses), from `bare` (a cached copy) or read
 * here; the photo itself otherwise. `leftOff`: the face photo's glasses came off and no frame of
 * the target's stands in for them (the user is told: see SwapWarning).
 */
export function glassesAndSource(out: RgbImage, roi: Roi, pts: Float32Array, faceSize: number, src: RgbImage, srcFace: Face, keep: boolean, bare?: () => RgbImage | null, turned = false): { glasses: GlassesFrame | null; from: RgbImage; leftOff: boolean } {
  const glasses = keep && faceSize >= GLASSES_MIN_FACE ? glassesFrame(out.data, out.width, roi, pts, faceSize, faceOval(pts, roi)) : null;
  const off = glasses !== null || turned;
  const without = off ? (bare ?? (() => withoutGlasses(src, srcFace)))() : null;
  return { glasses, from: without ?? src, leftOff: without !== null && glasses === null };
}
