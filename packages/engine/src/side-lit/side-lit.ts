// The `source_side_lit` warning: a face photo lit so hard from one side that even-light (see
// even-light.ts) cannot bring its dark half to its bright one. It is a fact of the face photo, so
// it is judged there, once per swap, whatever the target: judged on the source as warped onto the
// target, it could be told only for near-frontal targets, and a side-lit face onto side-on ones
// showed its dark half with no word of why.
import type { RgbImage } from '../core/image.ts';
import { flatPoints, type Face } from '../face/face.ts';
import { offPhoto } from '../mesh/off-frame.ts';
import { topology } from '../mesh/topology.ts';
import { flatBounds } from '../raster/polygon.ts';
import { warpTriangles } from '../raster/warp.ts';
import { EVEN_LIGHT_MAX_YAW, unevenedShare } from '../stages/light/even-light.ts';
import { factKind } from '../face/facts.ts';

/**
 * Share of the face's skin that would need more than even-light's bounds to meet its mirror,
 * beyond which the source counts as lit from one side. Over the fixtures' near-frontal faces, one
 * (a hard light from one side, its shaded cheek 4–8 times darker than the other) has about 20%;
 * every other face 0%.
 */
export const SIDE_LIT_SHARE = 0.05;

/**
 * Size the face is drawn at to be judged (pixels): the judgement is on cells of 1/48 of the face
 * under a blur of 0.08 of it, which a larger copy would only make slower.
 */
const JUDGED_FACE_SIZE = 192;

/** Whether `face` in `img` is lit from one side beyond what even-light can even (see SIDE_LIT_SHARE). */
/** Whether a face is lit from one side beyond what even-light evens, by face index. */
export const SIDE_LIT = factKind<boolean>('side-lit');
/** Raised once per swap, of the face photo, whatever the target. */
export const SIDE_LIT_WARNING = 'source_side_lit' as const;

export function sourceSideLit(img: RgbImage, face: Face): boolean {
  return sideLitShare(img, face) > SIDE_LIT_SHARE;
}

/**
 * Share of the skin of `face` in `img` that even-light's bounds would leave unevened. Judged only
 * for faces near frontal (EVEN_LIGHT_MAX_YAW), whose midline in the photo is the face's own: 0 for others.
 */
export function sideLitShare(img: RgbImage, face: Face): number {
  if (Math.abs(face.rotation.yaw) >= EVEN_LIGHT_MAX_YAW) return 0;
  const topo = topology();
  const pts = flatPoints(face);
  const s = Math.min(1, JUDGED_FACE_SIZE / face.size);
  // The face drawn onto its own mesh, scaled: what was skin in the photo, cell for cell.
  const drawn = Float32Array.from(pts, (v) => v * s);
  const b = flatBounds(drawn);
  const x = Math.floor(b.x0), y = Math.floor(b.y0);
  const roi = { x, y, w: Math.ceil(b.x1) + 1 - x, h: Math.ceil(b.y1) + 1 - y };
  // What lies beyond the photo's edge is its last pixels smeared, not skin (see off-frame.ts).
  const off = offPhoto(pts, topo.triangles, img.width, img.height);
  const triClass = Uint8Array.from(topo.triClass, (c, t) => (off[t] ? 0 : c));
  const { rgb, cover } = warpTriangles({ src: img, srcPts: pts, dstPts: drawn, triangles: topo.triangles, triClass, roi });
  const at = (p: number): [number, number] => [drawn[2 * p]! - x, drawn[2 * p + 1]! - y];
  // Forehead top (10) to chin (152): the midline, as even-light takes it.
  return unevenedShare(rgb, cover, roi, at(10), at(152), face.size * s);
}
