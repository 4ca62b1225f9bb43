// The area a hand's 21 landmark points (see hands/find.ts) cover: the palm between the wrist and the
// knuckles, and each finger as a band along its bones. The points lie on the bones' axes, so a
// finger's band is as wide as the spacing of the knuckles (fingers side by side touch), and a
// little wider: the shaded gap between a finger and the cheek it rests on goes with the hand.
import { fillPolygon, flatBounds } from '../raster/polygon.ts';
import { warpTriangles, type Roi, type WarpInput } from '../raster/warp.ts';
import { HAND_SHADE } from '../stages/mask/occlusion.ts';

/** Bones of the hand as pairs of landmark points (wrist 0, thumb 1–4, then four fingers of four). */
const BONES = [
  0, 1, 1, 2, 2, 3, 3, 4,
  0, 5, 5, 6, 6, 7, 7, 8,
  5, 9, 9, 10, 10, 11, 11, 12,
  9, 13, 13, 14, 14, 15, 15, 16,
  13, 17, 0, 17, 17, 18, 18, 19, 19, 20,
] as const;
/** The palm's top edge: thumb base and joint, and the four knuckles. */
const KNUCKLES = [1, 2, 5, 9, 13, 17] as const;
/**
 * The wrist point sits at the palm's base, on its axis; the palm is as wide there as across the
 * knuckles, and the heel of the hand and the forearm go on past it: a band HEEL times the middle
 * knuckle's distance to the wrist further along that direction.
 */
export const HEEL = 0.5;
/** A finger band's half-width over the mean spacing of neighbouring knuckles (0.5 would just touch). */
export const FINGER_HALF_WIDTH = 0.65;

/**
 * Sets `value` in `out` (roiW × roiH, origin at image (ox, oy)) wherever the hand with landmark
 * `points` (flat x,y, image pixels) lies, or lies within `grow` pixels.
 */
export function fillHand(out: Uint8Array, roiW: number, roiH: number, ox: number, oy: number, points: Float32Array, grow = 0, value = 1): void {
  const x = (i: number) => points[2 * i]!, y = (i: number) => points[2 * i + 1]!;
  const gap = (a: number, b: number) => Math.hypot(x(a) - x(b), y(a) - y(b));
  const r = (FINGER_HALF_WIDTH * (gap(5, 9) + gap(9, 13) + gap(13, 17))) / 3 + grow;
  // The palm's corners at the wrist (u on the little finger's side, t on the thumb's) and past them.
  const ax = x(0) - x(9), ay = y(0) - y(9);
  const half = gap(5, 17) / 2 / (Math.hypot(ax, ay) || 1);
  let nx = -ay * half, ny = ax * half;
  if ((x(17) - x(0)) * nx + (y(17) - y(0)) * ny < 0) { nx = -nx; ny = -ny; }
  const ux = x(0) + nx, uy = y(0) + ny, tx = x(0) - nx, ty = y(0) - ny;
  const fx = HEEL * ax, fy = HEEL * ay;
  const palm = [...KNUCKLES.flatMap((i) => [x(i), y(i)]), ux, uy, ux + fx, uy + fy, tx + fx, ty + fy, tx, ty];
  fillPolygon(out, roiW, roiH, ox, oy, palm, value);
  // Bands along the bones and the palm's outline (flat ax,ay,bx,by).
  const seg: number[] = [];
  for (let b = 0; b < BONES.length; b += 2) seg.push(x(BONES[b]!), y(BONES[b]!), x(BONES[b + 1]!), y(BONES[b + 1]!));
  for (let k = 0, m = palm.length; k < m; k += 2) seg.push(palm[k]!, palm[k + 1]!, palm[(k + 2) % m]!, palm[(k + 3) % m]!);
  // Only the rows and columns the bands reach.
  const { x0, y0, x1, y1 } = flatBounds(seg);
  const cx0 = Math.max(0, Math.floor(x0 - r - ox)), cx1 = Math.min(roiW - 1, Math.ceil(x1 + r - ox));
  const cy0 = Math.max(0, Math.floor(y0 - r - oy)), cy1 = Math.min(roiH - 1, Math.ceil(y1 + r - oy));
  const r2 = r * r;
  for (let py = cy0; py <= cy1; py++) {
    for (let px = cx0; px <= cx1; px++) {
      const i = py * roiW + px;
      if (out[i] === value) continue;
      const qx = px + ox, qy = py + oy;
      for (let k = 0; k < seg.length; k += 4) {
        const sx = seg[k]!, sy = seg[k + 1]!, dx = seg[k + 2]! - sx, dy = seg[k + 3]! - sy;
        const len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.min(1, Math.max(0, ((qx - sx) * dx + (qy - sy) * dy) / len2)) : 0;
        const ex = qx - sx - t * dx, ey = qy - sy - t * dy;
        if (ex * ex + ey * ey <= r2) { out[i] = value; break; }
      }
    }
  }
}

/**
 * The shade a hand casts on the source's cheek beside it (darker than the rest of the face, it showed
 * as a dark slash down the new cheeks) reaches this far beyond the hand (fraction of the face size).
 * It is left to the target like the hand, though only its skin: an eye beside the hand stays.
 */
export const SHADE_REACH = 0.08;

/**
 * 1 for the pixels of `roi` (target image) under a hand, HAND_SHADE for those in the shade beside
 * the source's: the target's hands where they lie, the source's where the warp `warp` (as the face
 * was warped, without its source image) carries them.
 * `plane` is null when neither face has a hand against it; `fromSource` counts the pixels of the
 * face the source's hands cover.
 */
export function handCover(roi: Roi, targetHands: readonly Float32Array[], sourceHands: readonly Float32Array[], sourceSize: number, warp: Omit<WarpInput, 'src' | 'roi'>): { plane: Uint8Array | null; fromSource: number } {
  if (targetHands.length === 0 && sourceHands.length === 0) return { plane: null, fromSource: 0 };
  const plane = new Uint8Array(roi.w * roi.h);
  let fromSource = 0;
  for (const h of targetHands) fillHand(plane, roi.w, roi.h, roi.x, roi.y, h);
  if (sourceHands.length > 0) {
    // The source's hands drawn over its mesh's box (a pixel's border of nothing around it, as the
    // warp clamps), then warped like the face.
    const pts = warp.srcPts;
    const { x0, y0, x1, y1 } = flatBounds(pts);
    const ox = Math.floor(x0) - 1, oy = Math.floor(y0) - 1, w = Math.ceil(x1) + 2 - ox, h = Math.ceil(y1) + 2 - oy;
    const shape = new Uint8Array(w * h);
    for (const hand of sourceHands) fillHand(shape, w, h, ox, oy, hand, SHADE_REACH * sourceSize, HAND_SHADE);
    for (const hand of sourceHands) fillHand(shape, w, h, ox, oy, hand);
    // Red carries the hand, green its shade.
    const data = new Uint8Array(3 * w * h);
    for (let i = 0; i < shape.length; i++) if (shape[i]) data[3 * i + shape[i]! - 1] = 255;
    const shift = (a: Float32Array) => a.map((v, k) => v - (k % 2 === 0 ? ox : oy));
    const warped = warpTriangles({ ...warp, src: { data, width: w, height: h }, srcPts: shift(pts), roi, ...(warp.srcOverride ? { srcOverride: shift(warp.srcOverride) } : {}) });
    const n = plane.length;
    for (let i = 0; i < n; i++) {
      if (warped.rgb[i]! > 127) { plane[i] = 1; fromSource++; } else if (warped.rgb[n + i]! > 127 && plane[i] === 0) plane[i] = HAND_SHADE;
    }
  }
  return { plane, fromSource };
}

/** Points each triangle is read at for handShares: its centre, its corners and halfway between. */
const SHARE_POINTS: ReadonlyArray<readonly [number, number, number]> = [
  [1 / 3, 1 / 3, 1 / 3], [1, 0, 0], [0, 1, 0], [0, 0, 1], [2 / 3, 1 / 6, 1 / 6], [1 / 6, 2 / 3, 1 / 6], [1 / 6, 1 / 6, 2 / 3],
];

/**
 * Per triangle of the source mesh `srcPts`, the share (0..1) of it the source's hands, and the shade
 * SHADE_REACH beside them, cover; null when the source has no hand against its face. Only triangles
 * `judged` takes are read (-1 for the others).
 */
export function handShares(sourceHands: readonly Float32Array[], sourceSize: number, srcPts: Float32Array, triangles: Uint16Array, judged: (t: number) => boolean): Float32Array | null {
  if (sourceHands.length === 0) return null;
  const { x0, y0, x1, y1 } = flatBounds(srcPts);
  const ox = Math.floor(x0), oy = Math.floor(y0), w = Math.ceil(x1) + 1 - ox, h = Math.ceil(y1) + 1 - oy;
  const shape = new Uint8Array(w * h);
  for (const hand of sourceHands) fillHand(shape, w, h, ox, oy, hand, SHADE_REACH * sourceSize);
  const n = triangles.length / 3;
  const share = new Float32Array(n).fill(-1);
  for (let t = 0; t < n; t++) {
    if (!judged(t)) continue;
    let on = 0;
    for (const [a, b, c] of SHARE_POINTS) {
      const p = triangles[3 * t]!, q = triangles[3 * t + 1]!, r = triangles[3 * t + 2]!;
      const x = Math.round(a * srcPts[2 * p]! + b * srcPts[2 * q]! + c * srcPts[2 * r]!) - ox;
      const y = Math.round(a * srcPts[2 * p + 1]! + b * srcPts[2 * q + 1]! + c * srcPts[2 * r + 1]!) - oy;
      if (x >= 0 && y >= 0 && x < w && y < h && shape[y * w + x]) on++;
    }
    share[t] = on / SHARE_POINTS.length;
  }
  return share;
}
