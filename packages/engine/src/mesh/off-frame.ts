// A face photo cut by its own frame (a close selfie without its chin, a face half out of the
// picture): the mesh runs on past the photo's edge, and the warp, which clamps, smeared the edge's
// last row or column of pixels over every triangle out there, streaks pasted across the target's
// mouth or cheek. A half of the face the edge cuts into takes the whole of its other half, mirrored
// (the mesh is symmetric), where the photo shows that: twins taken triangle by triangle, beside the
// half's own, made a patchwork of two lights and two skins with an edge at every change. What
// neither half shows is left to the target.
import { signedArea2 } from '../raster/affine.ts';
import { TRI_OUTER, type Topology } from './topology.ts';
import { sampledFromTwin } from './mirror.ts';

/** How far (pixels) a source point may lie beyond the photo's edge: about what bilinear sampling reads there. */
const EDGE_SLACK = 1;

/**
 * Fewest triangles of a half's inner face (its outer ring left out) beyond the edge for the half
 * to be mirrored whole, as long as the other half has fewer (a chin cut off cuts both halves alike:
 * each taking the other's would have turned the whole face over); fewer are only left to the target.
 */
export const MIN_CUT_TRIANGLES = 4;

/** Triangles within this of the midline (canonical u) belong to neither half. */
const MIDLINE = 0.005;

export interface OffFrame {
  /** The warp's source override (see mirrorOverrides) with the twins taken here added; null when none is needed. */
  override: Float32Array | null;
  /** 1 for each triangle that neither the photo nor its twin shows: it is left to the target. */
  unseen: Uint8Array;
  /** 1 for each triangle that took its twin here. */
  twinned: Uint8Array;
  /** How many took their twin here. */
  mirrored: number;
}

function inFrame(x: number, y: number, width: number, height: number): boolean {
  return x >= -EDGE_SLACK && y >= -EDGE_SLACK && x <= width - 1 + EDGE_SLACK && y <= height - 1 + EDGE_SLACK;
}

/** 1 for each triangle with a point beyond the edge of its `width` × `height` photo. */
export function offPhoto(pts: Float32Array, triangles: Uint16Array, width: number, height: number): Uint8Array {
  const off = new Uint8Array(triangles.length / 3);
  for (let t = 0; t < off.length; t++) {
    for (let v = 0; v < 3; v++) {
      const p = triangles[3 * t + v]!;
      if (!inFrame(pts[2 * p]!, pts[2 * p + 1]!, width, height)) { off[t] = 1; break; }
    }
  }
  return off;
}

/**
 * The source triangles beyond the edge of its photo (`width` × `height`) and what takes their place:
 * a triangle's texture (its own points, or its twin's where `override` already takes that) lying
 * partly off the photo. `override` is not changed: a copy is returned.
 */
export function offFrame(srcPts: Float32Array, topo: Pick<Topology, 'triangles' | 'mirror' | 'uv' | 'triClass'>, width: number, height: number, override: Float32Array | null): OffFrame {
  const { triangles, mirror, uv, triClass } = topo;
  const n = triangles.length / 3;
  const unseen = new Uint8Array(n), twinned = new Uint8Array(n);
  const at = (p: number, c: number) => srcPts[2 * p + c]!;
  const pointIn = (p: number) => inFrame(at(p, 0), at(p, 1), width, height);
  const ownOff = offPhoto(srcPts, triangles, width, height);
  const shown = (t: number) => (sampledFromTwin(override, t)
    ? [0, 1, 2].every((v) => inFrame(override[6 * t + 2 * v]!, override[6 * t + 2 * v + 1]!, width, height))
    : !ownOff[t]);
  // -1: the left half (canonical u < 0.5), 1: the right, 0: on the midline.
  const half = (t: number) => {
    const u = (uv[2 * triangles[3 * t]!]! + uv[2 * triangles[3 * t + 1]!]! + uv[2 * triangles[3 * t + 2]!]!) / 3;
    return Math.abs(u - 0.5) < MIDLINE ? 0 : u < 0.5 ? -1 : 1;
  };
  const side = Int8Array.from({ length: n }, (_, t) => half(t));
  // Inner triangles off the photo per half: [left, midline (unused), right].
  const cut = [0, 0, 0];
  const off: number[] = [];
  for (let t = 0; t < n; t++) {
    if (shown(t)) continue;
    off.push(t);
    if (triClass[t] !== TRI_OUTER) cut[side[t]! + 1]!++;
  }
  if (off.length === 0) return { override, unseen, twinned, mirrored: 0 };
  let out: Float32Array | null = null;
  let mirrored = 0;
  for (let t = 0; t < n; t++) {
    const s = side[t]!;
    if (s === 0 || cut[s + 1]! < MIN_CUT_TRIANGLES || cut[1 - s]! >= MIN_CUT_TRIANGLES || sampledFromTwin(override, t)) continue;
    const twin = [0, 1, 2].map((v) => mirror[triangles[3 * t + v]!]!);
    // The twin must be in the photo and face the camera (mirroring flips the winding, hence > 0).
    if (!twin.every(pointIn) || signedArea2(at(twin[0]!, 0), at(twin[0]!, 1), at(twin[1]!, 0), at(twin[1]!, 1), at(twin[2]!, 0), at(twin[2]!, 1)) <= 0) continue;
    out ??= override ? Float32Array.from(override) : new Float32Array(6 * n).fill(Number.NaN);
    for (let v = 0; v < 3; v++) { out[6 * t + 2 * v] = at(twin[v]!, 0); out[6 * t + 2 * v + 1] = at(twin[v]!, 1); }
    twinned[t] = 1;
    mirrored++;
  }
  for (const t of off) if (!twinned[t]) unseen[t] = 1;
  return { override: out ?? override, unseen, twinned, mirrored };
}
