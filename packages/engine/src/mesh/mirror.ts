// Mirror fill: when the source's head is turned away from the target's pose, the triangles the source
// hardly shows are taken from their mirror twins on the side it does show (the mesh is symmetric),
// instead of stretching a few foreshortened pixels over the target's visible cheek.
import { signedArea2 } from '../raster/affine.ts';
import { TRI_OUTER } from './topology.ts';

export interface MirrorOptions {
  /** Yaw difference, in degrees, above which mirror fill is considered. */
  minYawDiff?: number;
  /** A source triangle is "hidden" when its normalised visibility is below this fraction of its twin's. */
  ratio?: number;
  /** Source yaw in degrees; beyond `halfYaw` the whole far half of the face is taken from the near half. */
  sourceYaw?: number;
  halfYaw?: number;
}

interface Visibility {
  /** Each triangle's front-facing image area relative to its canonical UV area, normalised by the whole face's. */
  vis: Float32Array;
  /** The factor that turns a triangle's image area into that visibility (0 for a degenerate one). */
  perArea: Float32Array;
}

function triangleVisibility(pts: Float32Array, uv: Float32Array, triangles: Uint16Array): Visibility {
  const n = triangles.length / 3;
  const vis = new Float32Array(n), perArea = new Float32Array(n);
  let imgSum = 0, uvSum = 0;
  for (let t = 0; t < n; t++) {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const ai = -signedArea2(pts[2 * a]!, pts[2 * a + 1]!, pts[2 * b]!, pts[2 * b + 1]!, pts[2 * c]!, pts[2 * c + 1]!);
    const au = Math.abs(signedArea2(uv[2 * a]!, uv[2 * a + 1]!, uv[2 * b]!, uv[2 * b + 1]!, uv[2 * c]!, uv[2 * c + 1]!));
    vis[t] = ai;
    perArea[t] = au > 1e-12 ? 1 / au : 0;
    if (ai > 0) imgSum += ai;
    uvSum += au;
  }
  const scale = imgSum > 0 ? uvSum / imgSum : 1;
  for (let t = 0; t < n; t++) {
    perArea[t] = perArea[t]! * scale;
    vis[t] = vis[t]! * perArea[t]!;
  }
  return { vis, perArea };
}

/**
 * Per-triangle source override for the warp: flat 6 numbers per triangle (the mirrored source
 * triangle's points), NaN where the triangle's own source is used. Returns null when no triangle
 * needs mirroring.
 */
export function mirrorOverrides(
  srcPts: Float32Array, dstPts: Float32Array, uv: Float32Array, mirror: Uint16Array, triangles: Uint16Array,
  yawDiffDeg: number, opts: MirrorOptions = {},
): { override: Float32Array; mirrored: number } | null {
  const minYaw = opts.minYawDiff ?? 20;
  const ratio = opts.ratio ?? 0.45;
  if (Math.abs(yawDiffDeg) < minYaw) return null;
  const n = triangles.length / 3;
  if (Math.abs(opts.sourceYaw ?? 0) >= (opts.halfYaw ?? 30)) return mirrorFarHalf(srcPts, uv, mirror, triangles);
  const { vis: vs, perArea } = triangleVisibility(srcPts, uv, triangles);
  const vd = triangleVisibility(dstPts, uv, triangles).vis;
  const override = new Float32Array(6 * n).fill(Number.NaN);
  let mirrored = 0;
  for (let t = 0; t < n; t++) {
    const a = mirror[triangles[3 * t]!]!, b = mirror[triangles[3 * t + 1]!]!, c = mirror[triangles[3 * t + 2]!]!;
    // Visibility of the mirrored triangle in the source (mirroring flips the winding, so negate).
    const ai = signedArea2(srcPts[2 * a]!, srcPts[2 * a + 1]!, srcPts[2 * b]!, srcPts[2 * b + 1]!, srcPts[2 * c]!, srcPts[2 * c + 1]!);
    const own = vs[t]!;
    const target = vd[t]!;
    if (target <= 0) continue; // hidden in the target: not drawn anyway
    if (ai <= 0) continue; // twin not visible either
    // The twin has the same canonical area (symmetric mesh), so image areas compare directly.
    const ownArea = -signedArea2(srcPts[2 * triangles[3 * t]!]!, srcPts[2 * triangles[3 * t]! + 1]!, srcPts[2 * triangles[3 * t + 1]!]!, srcPts[2 * triangles[3 * t + 1]! + 1]!, srcPts[2 * triangles[3 * t + 2]!]!, srcPts[2 * triangles[3 * t + 2]! + 1]!);
    // A twin the source shows hardly better than the triangle itself (a frontal source on a profile
    // target: both cheeks' outer bands are slivers) would be stretched as much, and it brought the
    // other side's edge (hair, an ear, its own light) as a hard-edged crescent on the cheek.
    if (ai * perArea[t]! < ratio * target) continue;
    if (own < ratio * target && ownArea < ratio * ai) {
      override[6 * t] = srcPts[2 * a]!; override[6 * t + 1] = srcPts[2 * a + 1]!;
      override[6 * t + 2] = srcPts[2 * b]!; override[6 * t + 3] = srcPts[2 * b + 1]!;
      override[6 * t + 4] = srcPts[2 * c]!; override[6 * t + 5] = srcPts[2 * c + 1]!;
      mirrored++;
    }
  }
  return mirrored > 0 ? { override, mirrored } : null;
}

/**
 * Strongly turned source: every triangle of the far half (decided by which half covers less image
 * area) samples its twin on the near half, so the whole far side has consistent, frontal texture.
 * Triangles straddling the symmetry line keep their own texture.
 */
export function mirrorFarHalf(srcPts: Float32Array, uv: Float32Array, mirror: Uint16Array, triangles: Uint16Array): { override: Float32Array; mirrored: number } | null {
  const n = triangles.length / 3;
  const centre = new Float32Array(n);
  let left = 0, right = 0;
  for (let t = 0; t < n; t++) {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const u = (uv[2 * a]! + uv[2 * b]! + uv[2 * c]!) / 3;
    centre[t] = u;
    const area = Math.max(0, -signedArea2(srcPts[2 * a]!, srcPts[2 * a + 1]!, srcPts[2 * b]!, srcPts[2 * b + 1]!, srcPts[2 * c]!, srcPts[2 * c + 1]!));
    if (u < 0.5) left += area; else right += area;
  }
  const farIsLeft = left < right;
  const override = new Float32Array(6 * n).fill(Number.NaN);
  let mirrored = 0;
  for (let t = 0; t < n; t++) {
    const u = centre[t]!;
    if (Math.abs(u - 0.5) < 0.005 || (u < 0.5) !== farIsLeft) continue;
    const a = mirror[triangles[3 * t]!]!, b = mirror[triangles[3 * t + 1]!]!, c = mirror[triangles[3 * t + 2]!]!;
    // The twin must itself face the camera (mirroring flips the winding, hence > 0).
    if (signedArea2(srcPts[2 * a]!, srcPts[2 * a + 1]!, srcPts[2 * b]!, srcPts[2 * b + 1]!, srcPts[2 * c]!, srcPts[2 * c + 1]!) <= 0) continue;
    override[6 * t] = srcPts[2 * a]!; override[6 * t + 1] = srcPts[2 * a + 1]!;
    override[6 * t + 2] = srcPts[2 * b]!; override[6 * t + 3] = srcPts[2 * b + 1]!;
    override[6 * t + 4] = srcPts[2 * c]!; override[6 * t + 5] = srcPts[2 * c + 1]!;
    mirrored++;
  }
  return mirrored > 0 ? { override, mirrored } : null;
}

/**
 * Each triangle's share of the target face over its source texture's share of the source face (its
 * own, or the mirrored twin the warp samples instead): how far the warp stretches it. Areas are taken
 * relative to each face's front-facing area, so scale does not count. A sliver the source shows
 * edge-on (a turned cheek, a twin at the silhouette) is stretched far and holds smeared pixels or
 * background (see MAX_STRETCH and stretch-fade.ts). 0 for a triangle hidden in the target. A source
 * triangle folded over (area ≤ 0) is not shown by the source at all: infinitely stretched. Where
 * folds reach the outline (dropIslands keeps only those) the mesh has run past the silhouette, and
 * the source photo holds the background there: a cheek outline lying on the wall beside the face folds over it, which
 * came out as a pale strip on every new cheek. A fold inside the face (beside the nose) is an island
 * and still takes what the source shows there.
 */
export function stretchRatios(srcPts: Float32Array, dstPts: Float32Array, triangles: Uint16Array, override: Float32Array | null): Float32Array {
  const { srcArea, dstArea, srcSum, dstSum } = triangleAreas(srcPts, dstPts, triangles, override);
  const ratio = new Float32Array(dstArea.length);
  if (srcSum <= 0 || dstSum <= 0) return ratio;
  for (let t = 0; t < ratio.length; t++) {
    const d = dstArea[t]! / dstSum;
    if (d <= 0) continue; // hidden in the target: not drawn anyway
    const s = srcArea[t]! / srcSum;
    ratio[t] = s > 0 ? d / s : Number.POSITIVE_INFINITY;
  }
  return ratio;
}

/**
 * Each triangle's largest linear stretch from its source texture (its own triangle, or the mirrored
 * twin the warp samples instead) onto the target: the larger singular value of the warp's affine
 * map, over the two faces' overall scale (the square root of their front-facing areas' ratio). A
 * frontal source's outer cheek band, which it shows nearly edge-on, is drawn 3–5 times wider across
 * a turned target's broad near cheek while keeping its height: its area grows no more than that,
 * and by area alone (see stretchRatios) it read as hardly stretched, yet every streak in it (a
 * fringe at the temple, a glasses arm) is smeared 3–5 times over. 0 for a triangle hidden in the
 * target; infinite for one the source does not show (folded over, or a sliver).
 */
export function linearStretch(srcPts: Float32Array, dstPts: Float32Array, triangles: Uint16Array, override: Float32Array | null): Float32Array {
  const { srcArea, dstArea, srcSum, dstSum } = triangleAreas(srcPts, dstPts, triangles, override);
  const out = new Float32Array(dstArea.length);
  if (srcSum <= 0 || dstSum <= 0) return out;
  const scale = Math.sqrt(dstSum / srcSum);
  const src = new Float64Array(6);
  for (let t = 0; t < out.length; t++) {
    if (dstArea[t]! <= 0) continue; // hidden in the target: not drawn anyway
    if (srcArea[t]! <= 1e-9) { out[t] = Number.POSITIVE_INFINITY; continue; }
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const d1x = dstPts[2 * b]! - dstPts[2 * a]!, d1y = dstPts[2 * b + 1]! - dstPts[2 * a + 1]!;
    const d2x = dstPts[2 * c]! - dstPts[2 * a]!, d2y = dstPts[2 * c + 1]! - dstPts[2 * a + 1]!;
    sourceTriangle(srcPts, triangles, override, t, src);
    const s1x = src[2]! - src[0]!, s1y = src[3]! - src[1]!, s2x = src[4]! - src[0]!, s2y = src[5]! - src[1]!;
    const det = s1x * s2y - s2x * s1y;
    // M maps the source edges onto the target's; its larger singular value from its conformal and
    // anticonformal parts.
    const m00 = (d1x * s2y - d2x * s1y) / det, m01 = (d2x * s1x - d1x * s2x) / det;
    const m10 = (d1y * s2y - d2y * s1y) / det, m11 = (d2y * s1x - d1y * s2x) / det;
    out[t] = (Math.hypot((m00 + m11) / 2, (m10 - m01) / 2) + Math.hypot((m00 - m11) / 2, (m10 + m01) / 2)) / scale;
  }
  return out;
}

/** Whether the warp samples triangle t from its mirrored twin: its override (see mirrorOverrides) is set. */
export function sampledFromTwin(override: Float32Array | null, t: number): override is Float32Array {
  return override !== null && !Number.isNaN(override[6 * t]!);
}

/** The source triangle the warp samples for triangle t (its own, or its mirrored twin), flat x,y into `into`. */
function sourceTriangle(srcPts: Float32Array, triangles: Uint16Array, override: Float32Array | null, t: number, into: Float64Array): void {
  const twin = sampledFromTwin(override, t) ? override : null;
  for (let e = 0; e < 3; e++) {
    const v = triangles[3 * t + e]!;
    into[2 * e] = twin ? twin[6 * t + 2 * e]! : srcPts[2 * v]!;
    into[2 * e + 1] = twin ? twin[6 * t + 2 * e + 1]! : srcPts[2 * v + 1]!;
  }
}

/**
 * Per triangle, the front-facing area of the source texture the warp samples (its own triangle, or
 * its mirrored twin, whose winding is flipped) and of the target triangle (≤ 0 where either face
 * hides it), and the sums of the two faces' front-facing areas (their own triangles).
 */
function triangleAreas(srcPts: Float32Array, dstPts: Float32Array, triangles: Uint16Array, override: Float32Array | null): { srcArea: Float32Array; dstArea: Float32Array; srcSum: number; dstSum: number } {
  const n = triangles.length / 3;
  const srcArea = new Float32Array(n), dstArea = new Float32Array(n);
  let srcSum = 0, dstSum = 0;
  for (let t = 0; t < n; t++) {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const own = -signedArea2(srcPts[2 * a]!, srcPts[2 * a + 1]!, srcPts[2 * b]!, srcPts[2 * b + 1]!, srcPts[2 * c]!, srcPts[2 * c + 1]!);
    if (own > 0) srcSum += own;
    const o = 6 * t;
    srcArea[t] = sampledFromTwin(override, t)
      ? signedArea2(override[o]!, override[o + 1]!, override[o + 2]!, override[o + 3]!, override[o + 4]!, override[o + 5]!)
      : own;
    dstArea[t] = -signedArea2(dstPts[2 * a]!, dstPts[2 * a + 1]!, dstPts[2 * b]!, dstPts[2 * b + 1]!, dstPts[2 * c]!, dstPts[2 * c + 1]!);
    if (dstArea[t]! > 0) dstSum += dstArea[t]!;
  }
  return { srcArea, dstArea, srcSum, dstSum };
}

/**
 * Unflags the flagged triangles that do not reach the face's outer ring (a TRI_OUTER triangle in
 * `triClass`, or the mesh border) through flagged neighbours (`neighbours`: Topology.neighbours). A sliver at the silhouette holds
 * smeared pixels or background and is rightly left to the target; an island inside the face (a nose
 * wing that a frontal source shows small and a turned target large) left to the target showed as a
 * hard-edged spot of the old skin, where the stretched source is still skin.
 */
export function dropIslands(flagged: Uint8Array, neighbours: Int32Array, triClass: Uint8Array): Uint8Array {
  const n = flagged.length;
  const keep = new Uint8Array(n);
  const stack: number[] = [];
  for (let t = 0; t < n; t++) {
    if (!flagged[t]) continue;
    for (let e = 0; e < 3; e++) {
      const u = neighbours[3 * t + e]!;
      if (u < 0 || triClass[u] === TRI_OUTER) { keep[t] = 1; stack.push(t); break; }
    }
  }
  while (stack.length) {
    const t = stack.pop()!;
    for (let e = 0; e < 3; e++) {
      const u = neighbours[3 * t + e]!;
      if (u >= 0 && flagged[u] && !keep[u]) { keep[u] = 1; stack.push(u); }
    }
  }
  return keep;
}
