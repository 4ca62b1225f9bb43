// Whether a head is seen side-on, read from the mesh's own outline rather than from its yaw (the mesh
// under-reads strong turns, and the reading moves with the crop): once the nose tip stands outside
// the face's outline, the nose ridge, philtrum and chin are a silhouette against whatever is behind.
import { FACE_OVAL_LOOP, pointInPolygon } from './topology.ts';

/** Nose tip (the mesh's point 4). */
const NOSE_TIP = 4;

/**
 * Signed distance of the nose tip from the face's outline, relative to the face size: negative
 * inside (a frontal face reads about −0.4, a head turned 10–30° −0.2 to −0.35), positive outside (a
 * three-quarter to profile head 0.2–0.35 over the fixtures).
 */
export function noseProtrusion(pts: Float32Array, faceSize: number): number {
  const n = FACE_OVAL_LOOP.length;
  const poly = new Float32Array(2 * n);
  FACE_OVAL_LOOP.forEach((p, k) => { poly[2 * k] = pts[2 * p]!; poly[2 * k + 1] = pts[2 * p + 1]!; });
  const x = pts[2 * NOSE_TIP]!, y = pts[2 * NOSE_TIP + 1]!;
  let best = Infinity;
  for (let k = 0; k < n; k++) {
    const ax = poly[2 * k]!, ay = poly[2 * k + 1]!;
    const bx = poly[(2 * k + 2) % (2 * n)]!, by = poly[(2 * k + 3) % (2 * n)]!;
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return (pointInPolygon(x, y, poly) ? -best : best) / Math.max(1, faceSize);
}
