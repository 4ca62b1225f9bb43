// Where the source's features go on the target. Warping onto the target's own landmarks would give
// the source's skin the target's eye spacing, nose length and mouth width, and the face would read as
// the target. Instead the source mesh is posed like the target (rigid 3-D fit) and its inner points
// replace the target's, fading back to the target's own points toward the mask's outline so the
// edge still meets the target's contour.
import type { Face } from '../../face/face.ts';
import { fitRigid3d, meshPoints3d, projectRigid } from '../../mesh/align3d.ts';
import { INNER_FACE_LOOP, INNER_LIP_LOOP, loopUv, MESH_POINTS, OUTER_LIP_LOOP, pointInPolygon, topology } from '../../mesh/topology.ts';
import { smoothstep } from '../../raster/ramp.ts';

/** UV distance inside the inner-face outline over which points go from the target's to the source's (tuned on the fixtures' identity score). */
const FADE_START = 0.015, FADE_END = 0.07;
/**
 * Where the target's mouth is open (a smile, speech) the lips follow the source only partly: their
 * shape is then the target's expression, and the open mouth keeps its own interior. A closed mouth
 * takes the source's lips fully (the mouth's shape weighs heavily in identity: over the fixtures,
 * lips at 0.4 everywhere lost 8 of 178 identity wins).
 */
const OPEN_MOUTH_LIP_SHARE = 0.4;
/** Largest displacement of a point, as a fraction of the target face size. */
const MAX_SHIFT = 0.15;
/** Head turns over which the source shape is phased out (the far side of the mesh is guessed). */
const YAW_FULL = 30, YAW_NONE = 55;

let weights: { all: Float32Array; lip: Uint8Array } | null = null;

/** Per mesh point, how far it follows the source shape (0 on and outside the mask outline, 1 inside). */
export function shapeWeights(): Float32Array {
  return weightTables().all;
}

function weightTables(): { all: Float32Array; lip: Uint8Array } {
  if (weights) return weights;
  const { uv } = topology();
  const loop = loopUv(uv, INNER_FACE_LOOP);
  const lips = loopUv(uv, OUTER_LIP_LOOP);
  const lipPoints = new Set<number>([...OUTER_LIP_LOOP, ...INNER_LIP_LOOP]);
  const all = new Float32Array(MESH_POINTS), lip = new Uint8Array(MESH_POINTS);
  for (let i = 0; i < MESH_POINTS; i++) {
    const x = uv[2 * i]!, y = uv[2 * i + 1]!;
    if (!pointInPolygon(x, y, loop)) continue;
    const d = distanceToLoop(x, y, loop);
    all[i] = smoothstep((d - FADE_START) / (FADE_END - FADE_START));
    if (lipPoints.has(i) || pointInPolygon(x, y, lips)) lip[i] = 1;
  }
  weights = { all, lip };
  return weights;
}

function distanceToLoop(x: number, y: number, loop: Float32Array): number {
  const n = loop.length / 2;
  let best = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = loop[2 * j]!, ay = loop[2 * j + 1]!, bx = loop[2 * i]!, by = loop[2 * i + 1]!;
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/**
 * Target points (flat x,y, 468) with the inner face moved toward the posed source shape by
 * `strength` (0 returns the target's points). Returns the largest shift applied, in pixels.
 */
export function sourceShapedPoints(srcFace: Face, dstFace: Face, dstPts: Float32Array, strength: number, targetMouthOpen = false): { pts: Float32Array; maxShift: number } {
  const yaw = Math.max(Math.abs(srcFace.rotation.yaw), Math.abs(dstFace.rotation.yaw));
  const k = strength * Math.min(1, Math.max(0, (YAW_NONE - yaw) / (YAW_NONE - YAW_FULL)));
  const out = Float32Array.from(dstPts);
  if (k <= 0) return { pts: out, maxShift: 0 };
  const src3 = meshPoints3d(srcFace.landmarks, srcFace.size);
  const dst3 = meshPoints3d(dstFace.landmarks, dstFace.size);
  const posed = projectRigid(src3, fitRigid3d(src3, dst3));
  const { all: w, lip } = weightTables();
  const lipShare = targetMouthOpen ? OPEN_MOUTH_LIP_SHARE : 1;
  const limit = MAX_SHIFT * dstFace.size;
  let maxShift = 0;
  for (let i = 0; i < MESH_POINTS; i++) {
    const wi = w[i]! * k * (lip[i] ? lipShare : 1);
    if (wi <= 0) continue;
    let dx = wi * (posed[2 * i]! - dstPts[2 * i]!), dy = wi * (posed[2 * i + 1]! - dstPts[2 * i + 1]!);
    const len = Math.hypot(dx, dy);
    if (len > limit) { dx *= limit / len; dy *= limit / len; }
    out[2 * i] = dstPts[2 * i]! + dx;
    out[2 * i + 1] = dstPts[2 * i + 1]! + dy;
    maxShift = Math.max(maxShift, Math.min(len, limit));
  }
  return { pts: out, maxShift };
}
