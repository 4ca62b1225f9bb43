// Nothing that covers the face photo is carried over: a skin triangle it covers (see covered.ts)
// takes its mirror twin where the twin shows bare skin, and is otherwise left to the target. Only
// covers that come in from beyond the face count (a hat, a hood, a strand of hair): a dark spot
// inside it (a nostril, a mole) is the face's own. Below the nose, where both sides are covered, the
// photo is kept: a beard is the person's own, and a covered mouth is left to the target by the
// occlusion mask (see mask/occlusion.ts). A hand against the face (hands/uncover.ts) always goes.
import { signedArea2 } from '../../raster/affine.ts';
import { dropIslands, sampledFromTwin } from '../../mesh/mirror.ts';
import { TRI_OUTER, TRI_SKIN, type Topology } from '../../mesh/topology.ts';
import type { Stage } from '../context.ts';
import { COVERED_SHARE, notSkinShares, type CoverShares } from './covered.ts';

/**
 * Largest brightness ratio (either way) of the two halves' skin for a twin to be taken: a face lit
 * hard from one side brought its shaded cheek onto the lit one as a dark patch far from the target's
 * tone (015's hand side, ΔE up to 22).
 */
const MAX_HALF_RATIO = 1.5;
/** Largest share of not-skin samples for a twin to count as bare skin. */
const CLEAN_SHARE = 0.2;
/**
 * Share from which a triangle beside a covered one is covered too: the cover's edge crosses such
 * triangles, and carried over a third covered they made a saw-tooth of dark wedges along it.
 */
const EDGE_SHARE = 0.02;
/** Largest colour gain (either way) a twin takes to meet its own side's skin (see twinGains). */
const MAX_TWIN_GAIN = 3;
/** Rounds of the gains' fill over the taken triangles. */
const FILL_ITERATIONS = 60;

/** Whether triangle t (−1: none) shows bare skin by its not-skin share (see CLEAN_SHARE). */
const cleanIn = (share: Float32Array, t: number): boolean => t >= 0 && share[t]! >= 0 && share[t]! <= CLEAN_SHARE;

/** `covered` grown (in place) over the neighbours whose share reaches EDGE_SHARE, and theirs in turn. */
function growOverEdge(covered: Uint8Array, share: Float32Array, neighbours: Int32Array): void {
  const stack: number[] = [];
  for (let t = 0; t < covered.length; t++) if (covered[t]) stack.push(t);
  while (stack.length) {
    const t = stack.pop()!;
    for (let e = 0; e < 3; e++) {
      const u = neighbours[3 * t + e]!;
      if (u >= 0 && !covered[u] && share[u]! >= EDGE_SHARE) { covered[u] = 1; stack.push(u); }
    }
  }
}

/**
 * The warp's colour gains (see WarpInput.srcGain) for the triangles `taken` from their twin. A twin
 * shows the other side's light, which differs from this side's on a face lit from one side (a
 * hood's cheek came out as a hard-edged dark patch). Where a taken triangle meets bare skin of its
 * own side, a corner's gain is the ratio of that skin's colour to its twin's, so the seam closes;
 * corners with no bare skin around take the mean of their neighbours' (a harmonic fill).
 */
function twinGains(taken: Uint8Array, shares: CoverShares, covered: Uint8Array, topo: Pick<Topology, 'triangles' | 'mirror' | 'triClass'>): Float32Array {
  const { triangles } = topo;
  const n = taken.length, points = topo.mirror.length;
  const twin = twinTriangles(topo);
  const { colour, share } = shares;
  const bare = (t: number) => cleanIn(share, t) && !Number.isNaN(colour[3 * t]!);
  // Per corner: the fixed gains (sums of own and twin colours around it) and the corners to fill.
  const own = new Float64Array(3 * points), other = new Float64Array(3 * points);
  const fill = new Uint8Array(points);
  for (let t = 0; t < n; t++) {
    for (let v = 0; v < 3; v++) {
      const p = triangles[3 * t + v]!;
      if (taken[t]) fill[p] = 1;
      else if (!covered[t] && bare(t) && bare(twin[t]!)) {
        for (let c = 0; c < 3; c++) { own[3 * p + c]! += colour[3 * t + c]!; other[3 * p + c]! += colour[3 * twin[t]! + c]!; }
      }
    }
  }
  const g = new Float64Array(3 * points);
  const fixed = new Uint8Array(points);
  const mean = [0, 0, 0];
  let fixedCount = 0;
  for (let p = 0; p < points; p++) {
    if (!fill[p] || !(other[3 * p]! > 0)) continue;
    fixed[p] = 1;
    fixedCount++;
    for (let c = 0; c < 3; c++) mean[c]! += (g[3 * p + c] = clampGain(own[3 * p + c]! / other[3 * p + c]!));
  }
  // The fill starts from the fixed corners' mean (1 where there are none).
  for (let p = 0; p < points; p++) if (!fixed[p]) for (let c = 0; c < 3; c++) g[3 * p + c] = fixedCount ? mean[c]! / fixedCount : 1;
  // Harmonic fill of the other corners over the taken triangles' edges (Gauss-Seidel; the regions span a few dozen corners).
  const edges: Array<[number, number]> = [];
  const cnt = new Uint32Array(points);
  for (let t = 0; t < n; t++) {
    if (!taken[t]) continue;
    for (let v = 0; v < 3; v++) for (const w of [1, 2]) { const p = triangles[3 * t + v]!; edges.push([p, triangles[3 * t + ((v + w) % 3)]!]); cnt[p]!++; }
  }
  const sum = new Float64Array(3 * points);
  for (let it = 0; it < FILL_ITERATIONS; it++) {
    sum.fill(0);
    for (const [p, q] of edges) for (let c = 0; c < 3; c++) sum[3 * p + c]! += g[3 * q + c]!;
    for (let p = 0; p < points; p++) if (fill[p] && !fixed[p] && cnt[p]) for (let c = 0; c < 3; c++) g[3 * p + c] = sum[3 * p + c]! / cnt[p]!;
  }
  const gain = new Float32Array(9 * n).fill(Number.NaN);
  for (let t = 0; t < n; t++) {
    if (!taken[t]) continue;
    for (let v = 0; v < 3; v++) for (let c = 0; c < 3; c++) gain[9 * t + 3 * v + c] = g[3 * triangles[3 * t + v]! + c]!;
  }
  return gain;
}

const clampGain = (r: number): number => (Number.isFinite(r) ? Math.min(MAX_TWIN_GAIN, Math.max(1 / MAX_TWIN_GAIN, r)) : 1);

let twinsOf: { triangles: Uint16Array; twin: Int32Array } | null = null;

/** Each triangle's mirror twin (the triangle of its points' twins), -1 where there is none. */
export function twinTriangles(topo: Pick<Topology, 'triangles' | 'mirror'>): Int32Array {
  if (twinsOf?.triangles === topo.triangles) return twinsOf.twin;
  const { triangles, mirror } = topo;
  const key = (a: number, b: number, c: number) => [a, b, c].sort((p, q) => p - q).join(',');
  const index = new Map<string, number>();
  for (let t = 0; t < triangles.length / 3; t++) index.set(key(triangles[3 * t]!, triangles[3 * t + 1]!, triangles[3 * t + 2]!), t);
  const twin = Int32Array.from({ length: triangles.length / 3 }, (_, t) => index.get(key(mirror[triangles[3 * t]!]!, mirror[triangles[3 * t + 1]!]!, mirror[triangles[3 * t + 2]!]!)) ?? -1);
  twinsOf = { triangles, twin };
  return twin;
}

export interface Uncovered {
  /** The warp's source override with the twins taken here added (a copy); null when none is needed. */
  override: Float32Array | null;
  /** The warp's gains (see twinGains) for the twins taken here; null when none. */
  gain: Float32Array | null;
  /** Triangles that took their twin, and those left to the target. */
  twinned: number;
  toTarget: number;
}

/**
 * Routes the covered triangles (`shares`: see notSkinShares; `hand`: see handShares) of the face with
 * points `srcPts`: to their twin, or to the target by marking them TRI_OUTER in `triClass` (changed in place).
 * `override` (the warp's, see mirrorOverrides) is not changed.
 */
export function routeCovered(shares: CoverShares, hand: Float32Array | null, srcPts: Float32Array, topo: Pick<Topology, 'triangles' | 'mirror' | 'neighbours' | 'triClass'>, triClass: Uint8Array, override: Float32Array | null): Uncovered {
  const { triangles, mirror } = topo;
  const [l0, l1] = shares.halfLum;
  const twinsLit = l0 > 0 && l1 > 0 && Math.max(l0, l1) <= MAX_HALF_RATIO * Math.min(l0, l1);
  // A hand is skin: its triangles count as covered by its landmarks whatever their colour, and always go.
  const share = hand ? Float32Array.from(shares.share, (v, t) => Math.max(v, hand[t]!)) : shares.share;
  const byHand = (t: number) => hand !== null && hand[t]! >= COVERED_SHARE;
  const n = share.length;
  const twin = twinTriangles(topo);
  const covered = dropIslands(Uint8Array.from(share, (v) => (v >= COVERED_SHARE ? 1 : 0)), topo.neighbours, topo.triClass);
  growOverEdge(covered, share, topo.neighbours);
  const clean = (t: number) => cleanIn(share, t);
  const at = (p: number, c: number) => srcPts[2 * p + c]!;
  let out: Float32Array | null = null, taken: Uint8Array | null = null, twinned = 0, toTarget = 0;
  for (let t = 0; t < n; t++) {
    if (triClass[t] === TRI_OUTER) continue;
    const tw = twin[t]!;
    // What the warp samples for t: its own triangle, or its twin where a turn or the frame already chose it.
    const fromTwin = sampledFromTwin(override, t);
    if (fromTwin ? !(tw >= 0 && covered[tw]) : !covered[t]) continue;
    const pts = fromTwin ? [] : [0, 1, 2].map((v) => mirror[triangles[3 * t + v]!]!);
    // The twin must show bare skin and face the camera (mirroring flips the winding, hence > 0).
    if (!fromTwin && twinsLit && clean(tw) && signedArea2(at(pts[0]!, 0), at(pts[0]!, 1), at(pts[1]!, 0), at(pts[1]!, 1), at(pts[2]!, 0), at(pts[2]!, 1)) > 0) {
      out ??= override ? Float32Array.from(override) : new Float32Array(6 * n).fill(Number.NaN);
      for (let v = 0; v < 3; v++) { out[6 * t + 2 * v] = at(pts[v]!, 0); out[6 * t + 2 * v + 1] = at(pts[v]!, 1); }
      (taken ??= new Uint8Array(n))[t] = 1;
      twinned++;
    } else if (triClass[t] !== TRI_SKIN || byHand(t)) {
      triClass[t] = TRI_OUTER;
      toTarget++;
    }
  }
  const gain = taken ? twinGains(taken, shares, covered, topo) : null;
  return { override: out ?? override, gain, twinned, toTarget };
}

/**
 * The face photo's cover shares, read once per photo and face (its landmarks' array, which the
 * copies of a face made to add its hands share): they depend on the photo alone, and a bulk job or
 * a video's frames swap the same cached face photo again and again.
 */
const sharesOf = new WeakMap<object, WeakMap<object, CoverShares>>();
function sourceShares(...args: Parameters<typeof notSkinShares>): CoverShares {
  const [image, face] = args;
  let byFace = sharesOf.get(image);
  if (!byFace) sharesOf.set(image, (byFace = new WeakMap()));
  let shares = byFace.get(face.landmarks);
  if (!shares) byFace.set(face.landmarks, (shares = notSkinShares(...args)));
  return shares;
}

export const uncoverStage: Stage = {
  name: 'uncover',
  timing: 'warp',
  reads: ['from', 'srcFace', 'srcPts', 'topo', 'warp', 'triClass', 'unseen', 'sourceHandShare'],
  writes: ['warp', 'unseen', 'uncovered', 'twinGain'],
  run(s) {
    const shares = sourceShares(s.from, s.srcFace, s.srcPts, s.topo);
    const r = routeCovered(shares, s.sourceHandShare, s.srcPts, s.topo, s.triClass, s.warp.srcOverride ?? null);
    s.uncovered = r.twinned + r.toTarget;
    s.unseen += r.toTarget;
    s.twinGain = r.gain;
    if (r.override) s.warp = { ...s.warp, srcOverride: r.override };
  },
};
