// The rings a glasses frame draws round a face's eyes, and its bar across the nose (see glasses/find.ts):
// along rays from each eye's centre, how strongly a line crosses the ray at each distance, and the
// smooth closed ring that crosses the strongest.
import { LEFT_EYE_LOOP, RIGHT_EYE_LOOP } from '../mesh/topology.ts';

/** Rays round each eye, and radii sampled along each. */
const RAYS = 64, RADII = 36;
/** The ring's reach about the eye's centre, in eye half-widths: across, and up and down. */
export const REACH_ACROSS = 2.1, REACH_ALONG = 1.7;
/** Nearest and farthest a rim is looked for, as a share of the reach. */
export const RHO_MIN = 0.5, RHO_MAX = 1.35;
/** Penalty per radius step between neighbouring rays (a rim is smooth), and the most steps allowed. */
const BEND = 0.02, MAX_STEP = 2;
/** The bridge's columns (across the middle 60% between the inner eye corners) and the heights tried in each. */
const COLS = 9, ROWS = 16;

/** How much a line crosses direction (nx, ny) at image point (x, y). */
export type Crossing = (x: number, y: number, nx: number, ny: number) => number;

export interface Eye { cx: number; cy: number; r: number }

export interface Ring {
  eye: Eye;
  /** The ring's distance per ray, as a share of the reach (see ringRho). */
  rho: Float64Array;
  /** How strongly a line crosses the ring: the lower quartile over its rays. */
  strength: number;
}

export interface Bridge {
  /** Halfway between the inner eye corners, and their distance. */
  mid: readonly [number, number];
  span: number;
  /** How strongly a line crosses the nose: the median over its columns. */
  strength: number;
  /** Height (pixels up the face from `mid`) of the line, the median over the columns. */
  height: number;
}

/** The eye with landmark loop `loop` and corners a, b: its centre and half-width. */
export function eyeOf(pts: Float32Array, loop: readonly number[], a: number, b: number): Eye {
  let cx = 0, cy = 0;
  for (const i of loop) { cx += pts[2 * i]!; cy += pts[2 * i + 1]!; }
  return { cx: cx / loop.length, cy: cy / loop.length, r: Math.hypot(pts[2 * a]! - pts[2 * b]!, pts[2 * a + 1]! - pts[2 * b + 1]!) / 2 };
}

/** The face's right and left eye. */
export function eyesOf(pts: Float32Array): [Eye, Eye] {
  return [eyeOf(pts, RIGHT_EYE_LOOP, 33, 133), eyeOf(pts, LEFT_EYE_LOOP, 263, 362)];
}

/** The value a share `q` of the way up `values` (the lower one between two). */
export function quantile(values: ArrayLike<number>, q: number): number {
  const s = Float64Array.from(values).sort();
  return s[Math.floor(q * (s.length - 1))]!;
}

/** The radius index per ray of the most line-like smooth ring (cyclic Viterbi: two laps, the second read back). */
function bestRing(score: Float32Array): Int32Array {
  const total = new Float32Array(RAYS * 2 * RADII), from = new Int32Array(RAYS * 2 * RADII);
  for (let k = 0; k < RAYS * 2; k++) {
    const row = (k % RAYS) * RADII;
    for (let j = 0; j < RADII; j++) {
      let best = 0, arg = j;
      if (k > 0) {
        best = -Infinity;
        for (let d = -MAX_STEP; d <= MAX_STEP; d++) {
          const jj = j + d;
          if (jj < 0 || jj >= RADII) continue;
          const v = total[(k - 1) * RADII + jj]! - BEND * Math.abs(d);
          if (v > best) { best = v; arg = jj; }
        }
      }
      total[k * RADII + j] = best + score[row + j]!;
      from[k * RADII + j] = arg;
    }
  }
  const rho = new Int32Array(RAYS);
  const last = (2 * RAYS - 1) * RADII;
  let j = 0;
  for (let jj = 1; jj < RADII; jj++) if (total[last + jj]! > total[last + j]!) j = jj;
  for (let k = 2 * RAYS - 1; k >= RAYS; k--) { rho[k - RAYS] = j; j = from[k * RADII + j]!; }
  return rho;
}

const rhoOf = (j: number) => RHO_MIN + ((RHO_MAX - RHO_MIN) * j) / (RADII - 1);

/**
 * The most line-like ring round eye `e`: rays in an ellipse's coordinates (across, `ax`; up, `up`;
 * in reaches), each point scored across the ellipse's normal (a rim crosses a ray aslant at its
 * corners).
 */
export function findRing(e: Eye, up: readonly [number, number], crossing: Crossing): Ring {
  const ax = -up[1], ay = up[0];
  const score = new Float32Array(RAYS * RADII);
  for (let k = 0; k < RAYS; k++) {
    const t = (2 * Math.PI * k) / RAYS, cu = Math.cos(t), sv = Math.sin(t);
    const nu = cu / REACH_ACROSS, nv = sv / REACH_ALONG, nl = Math.hypot(nu, nv);
    const nx = (nu * ax + nv * up[0]) / nl, ny = (nu * ay + nv * up[1]) / nl;
    for (let j = 0; j < RADII; j++) {
      const rho = rhoOf(j);
      const u = cu * REACH_ACROSS * e.r * rho, v = sv * REACH_ALONG * e.r * rho;
      score[k * RADII + j] = crossing(e.cx + u * ax + v * up[0], e.cy + u * ay + v * up[1], nx, ny);
    }
  }
  const best = bestRing(score);
  return { eye: e, rho: Float64Array.from(best, rhoOf), strength: quantile(Array.from(best, (j, k) => score[k * RADII + j]!), 0.25) };
}

/** The ring's distance (share of the reach) on the ray nearest angle t (radians, in the ellipse's coordinates). */
export function ringRho(ring: Ring, t: number): number {
  return ring.rho[((Math.round((t / (2 * Math.PI)) * RAYS) % RAYS) + RAYS) % RAYS]!;
}

/**
 * The bridge: columns across the nose between the inner eye corners, each crossed somewhere between
 * a little below the corners and the brows.
 */
export function findBridge(pts: Float32Array, up: readonly [number, number], faceSize: number, crossing: Crossing): Bridge {
  const ax = -up[1], ay = up[0];
  const i0 = [pts[2 * 133]!, pts[2 * 133 + 1]!] as const, i1 = [pts[2 * 362]!, pts[2 * 362 + 1]!] as const;
  const mid = [(i0[0] + i1[0]) / 2, (i0[1] + i1[1]) / 2] as const;
  const span = Math.hypot(i1[0] - i0[0], i1[1] - i0[1]);
  const scores: number[] = [], rows: number[] = [];
  for (let c = 0; c < COLS; c++) {
    const u = (c / (COLS - 1) - 0.5) * 0.6 * span;
    let best = 0, arg = 0;
    for (let r = 0; r < ROWS; r++) {
      const v = -0.05 * faceSize + (0.17 * faceSize * r) / (ROWS - 1);
      const s = crossing(mid[0] + u * ax + v * up[0], mid[1] + u * ay + v * up[1], up[0], up[1]);
      if (s > best) { best = s; arg = v; }
    }
    scores.push(best); rows.push(arg);
  }
  return { mid, span, strength: quantile(scores, 0.5), height: quantile(rows, 0.5) };
}
