// Static topology of the 468-point MediaPipe face mesh: Human's 880-triangle triangulation plus
// the inner-mouth hole filled, the left/right mirror map, and the landmark loops used for masks.
import { humanModule } from '../core/human-module.ts';

/** Inner lip contour: upper lip from corner 78 to corner 308, then lower lip back. */
export const INNER_LIP_UPPER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308] as const;
export const INNER_LIP_LOWER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308] as const;
export const INNER_LIP_LOOP = [...INNER_LIP_UPPER, ...INNER_LIP_LOWER.slice(1, -1).reverse()];

/** The face oval from the right temple down the jaw to the chin and up to the left temple. */
const FACE_SIDES = [127, 234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454, 356];

/**
 * Inner-face outline for the blend mask: jaw and cheeks from the face oval, and across the
 * forehead a row well below the hairline so the source's hair or fringe is never taken.
 */
export const INNER_FACE_LOOP = [
  // right temple down the jaw to the chin and up to the left temple (image left/right varies)
  ...FACE_SIDES,
  // across the mid forehead, above the brows and below the hairline
  389, 298, 333, 299, 337, 151, 108, 69, 104, 68, 162,
];

/**
 * The mesh's top edge, which runs along or just above the hairline. Between it and INNER_FACE_LOOP's
 * forehead row lies the upper forehead (TRI_FOREHEAD), swapped only where both faces show bare skin
 * (forehead.ts).
 */
export const FOREHEAD_TOP_ROW = [389, 251, 284, 332, 297, 338, 10, 109, 67, 103, 54, 21, 162];
/** The whole forehead, from the brows' upper edges up to the top edge: where a fringe or hairline may be. */
export const FOREHEAD_ZONE_LOOP = [...FOREHEAD_TOP_ROW, 70, 63, 105, 66, 107, 336, 296, 334, 293, 300];

/** The mesh's outline, clockwise from the top of the forehead. */
export const FACE_OVAL_LOOP = [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109];

export const LEFT_EYE_LOOP = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466];
export const RIGHT_EYE_LOOP = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246];
export const OUTER_LIP_LOOP = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185];

export const MESH_POINTS = 468;

/** Triangles (triplets of mesh indices) filling the inner-mouth hole as a strip between the lips. */
export function mouthFillTriangles(): number[] {
  const out: number[] = [];
  const n = INNER_LIP_UPPER.length;
  for (let i = 0; i < n - 1; i++) {
    const u0 = INNER_LIP_UPPER[i]!;
    const u1 = INNER_LIP_UPPER[i + 1]!;
    const l0 = INNER_LIP_LOWER[i]!;
    const l1 = INNER_LIP_LOWER[i + 1]!;
    // Same winding as Human's triangulation (negative in UV space, y down).
    if (i < n - 2) out.push(u0, l1, u1);
    if (i > 0) out.push(u0, l0, l1);
  }
  return out;
}

export interface Topology {
  /** Triangles as index triplets: Human's 880 plus the mouth fill. */
  triangles: Uint16Array;
  /** Number of triangles that belong to the mouth fill (they are last). */
  mouthTriangles: number;
  /** Canonical UV position of each of the 468 points (x right, y down, 0..1). */
  uv: Float32Array;
  /** mirror[i] = index of the point symmetric to i across the face's vertical axis. */
  mirror: Uint16Array;
  /** Class of each triangle (TRI_* constants), decided once in canonical UV space. */
  triClass: Uint8Array;
  /**
   * 1 for the triangles a head seen side-on shows edge-on: both eye regions (the eye loops grown as for
   * TRI_FEATURE, lids included) and the midline from between the brows to the chin except the lips,
   * which is then the silhouette.
   */
  sideOnHidden: Uint8Array;
  /** For each triangle, the 3 triangles sharing its edges (flat; -1 where the edge is the mesh's border). */
  neighbours: Int32Array;
}

/** Growth of the eye and brow loops that makes the feature regions (eyelids included). */
const FEATURE_GROW = 1.3;

/** Triangle classes: outside the blend mask, inner-face skin, eyes/brows/lips, inner mouth (fill). */
export const TRI_OUTER = 1;
export const TRI_SKIN = 2;
export const TRI_FEATURE = 3;
export const TRI_MOUTH = 4;
/** Skin above the nose tip: cheeks, nose and forehead band, least often covered (scarves, beards, hands on the chin). */
export const TRI_SKIN_UPPER = 5;
/** Upper forehead up to the mesh's top edge: swapped only where it is bare skin in both faces. */
export const TRI_FOREHEAD = 6;

export const LEFT_BROW_LOOP = [336, 296, 334, 293, 300, 276, 283, 282, 295, 285];
export const RIGHT_BROW_LOOP = [107, 66, 105, 63, 70, 46, 53, 52, 65, 55];

let cached: Topology | null = null;

export function topology(): Topology {
  if (cached) return cached;
  const h = new (humanModule().Human)({ backend: 'wasm' });
  const base = h.faceTriangulation;
  const mouth = mouthFillTriangles();
  const triangles = Uint16Array.from([...base, ...mouth]);
  const uv = new Float32Array(MESH_POINTS * 2);
  h.faceUVMap.slice(0, MESH_POINTS).forEach(([u, v], i) => { uv[2 * i] = u; uv[2 * i + 1] = v; });
  cached = { triangles, mouthTriangles: mouth.length / 3, uv, mirror: mirrorMap(uv), triClass: classifyTriangles(triangles, mouth.length / 3, uv), sideOnHidden: sideOnHiddenTriangles(triangles, uv), neighbours: edgeNeighbours(triangles) };
  return cached;
}

/** See Topology.neighbours. */
export function edgeNeighbours(triangles: Uint16Array): Int32Array {
  const n = triangles.length / 3;
  const out = new Int32Array(3 * n).fill(-1);
  const seen = new Map<number, number>();
  for (let t = 0; t < n; t++) {
    for (let e = 0; e < 3; e++) {
      const p = triangles[3 * t + e]!, q = triangles[3 * t + ((e + 1) % 3)]!;
      const key = p < q ? p * 65536 + q : q * 65536 + p;
      const other = seen.get(key);
      if (other === undefined) { seen.set(key, 3 * t + e); continue; }
      out[3 * t + e] = (other / 3) | 0;
      out[other] = t;
    }
  }
  return out;
}

/** Pairs each point with its reflection in UV space (u → 1 − u); the canonical mesh is symmetric. */
export function mirrorMap(uv: Float32Array): Uint16Array {
  const n = uv.length / 2;
  const out = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const mu = 1 - uv[2 * i]!;
    const mv = uv[2 * i + 1]!;
    let best = 0;
    let bestD = Infinity;
    for (let j = 0; j < n; j++) {
      const du = uv[2 * j]! - mu;
      const dv = uv[2 * j + 1]! - mv;
      const d = du * du + dv * dv;
      if (d < bestD) { bestD = d; best = j; }
    }
    out[i] = best;
  }
  return out;
}

/** The face's upward direction in the image (chin 152 to forehead top 10) from its flat mesh points, normalised. */
export function upward(pts: ArrayLike<number>): [number, number] {
  const dx = pts[2 * 10]! - pts[2 * 152]!, dy = pts[2 * 10 + 1]! - pts[2 * 152 + 1]!;
  const len = Math.hypot(dx, dy) || 1;
  return [dx / len, dy / len];
}

/** A landmark loop as a polygon (in UV space, or in whatever space `uv` holds flat x,y points), optionally grown about its centroid. */
export function loopUv(uv: Float32Array, loop: readonly number[], grow = 1): Float32Array {
  const out = new Float32Array(loop.length * 2);
  let cx = 0, cy = 0;
  for (const i of loop) { cx += uv[2 * i]!; cy += uv[2 * i + 1]!; }
  cx /= loop.length; cy /= loop.length;
  loop.forEach((i, k) => {
    out[2 * k] = cx + (uv[2 * i]! - cx) * grow;
    out[2 * k + 1] = cy + (uv[2 * i + 1]! - cy) * grow;
  });
  return out;
}

export function pointInPolygon(x: number, y: number, poly: Float32Array): boolean {
  let inside = false;
  const n = poly.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = poly[2 * i]!, yi = poly[2 * i + 1]!, xj = poly[2 * j]!, yj = poly[2 * j + 1]!;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function centroidUv(triangles: Uint16Array, uv: Float32Array, t: number): [number, number] {
  const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
  return [(uv[2 * a]! + uv[2 * b]! + uv[2 * c]!) / 3, (uv[2 * a + 1]! + uv[2 * b + 1]! + uv[2 * c + 1]!) / 3];
}

/**
 * The face's midline strip (half-width in UV) from the brows' top down to the chin, except the lips:
 * on a head seen side-on it is the silhouette (brow ridge, nose ridge, philtrum, chin), and whatever
 * stands in front of it (a camera's eyepiece on a photographer's profile) was pasted between the brows when the strip
 * started below them.
 */
const MIDLINE_HALF_WIDTH = 0.06, MIDLINE_TOP = 0.2, LIPS_TOP = 0.65, LIPS_BOTTOM = 0.74;

/** Marks the eye regions and the midline (centroids in UV space): see Topology.sideOnHidden. */
export function sideOnHiddenTriangles(triangles: Uint16Array, uv: Float32Array): Uint8Array {
  const loops = [LEFT_EYE_LOOP, RIGHT_EYE_LOOP].map((l) => loopUv(uv, l, FEATURE_GROW));
  const out = new Uint8Array(triangles.length / 3);
  for (let t = 0; t < out.length; t++) {
    const [cx, cy] = centroidUv(triangles, uv, t);
    const midline = Math.abs(cx - 0.5) < MIDLINE_HALF_WIDTH && cy > MIDLINE_TOP && (cy < LIPS_TOP || cy > LIPS_BOTTOM);
    if (midline || loops.some((p) => pointInPolygon(cx, cy, p))) out[t] = 1;
  }
  return out;
}

/**
 * Classifies triangles by their centroid in the canonical (UV) face, so masks follow the mesh and
 * stay correct on profiles where the image-space outline folds over itself.
 */
export function classifyTriangles(triangles: Uint16Array, mouthTriangles: number, uv: Float32Array): Uint8Array {
  const n = triangles.length / 3;
  const out = new Uint8Array(n);
  const inner = loopUv(uv, INNER_FACE_LOOP);
  const withForehead = loopUv(uv, [...FACE_SIDES, ...FOREHEAD_TOP_ROW]);
  const features = [LEFT_EYE_LOOP, RIGHT_EYE_LOOP, LEFT_BROW_LOOP, RIGHT_BROW_LOOP].map((l) => loopUv(uv, l, FEATURE_GROW));
  features.push(loopUv(uv, OUTER_LIP_LOOP, 1.15));
  for (let t = 0; t < n; t++) {
    if (t >= n - mouthTriangles) { out[t] = TRI_MOUTH; continue; }
    const [cx, cy] = centroidUv(triangles, uv, t);
    if (!pointInPolygon(cx, cy, inner)) out[t] = pointInPolygon(cx, cy, withForehead) ? TRI_FOREHEAD : TRI_OUTER;
    else if (features.some((p) => pointInPolygon(cx, cy, p))) out[t] = TRI_FEATURE;
    else out[t] = cy < 0.56 ? TRI_SKIN_UPPER : TRI_SKIN;
  }
  return out;
}
