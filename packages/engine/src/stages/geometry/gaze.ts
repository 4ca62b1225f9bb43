// The target's gaze kept. The warp draws the source's eye whole, so its iris lands where the
// source's sat between its lids: a source looking at the camera turned a target looking aside to
// face it. Each warped iris is moved, with the eye white around it, to where the target's iris sits
// in its own eye (its position along the corner-to-corner line and across it, in eye widths).
import { irises, type Face } from '../../face/face.ts';
import { LEFT_EYE_LOOP, pointInPolygon, RIGHT_EYE_LOOP } from '../../mesh/topology.ts';
import { flatBounds } from '../../raster/polygon.ts';
import { smoothstep } from '../../raster/ramp.ts';
import type { Roi, WarpOutput } from '../../raster/warp.ts';

/** Each eye: its outer and inner corners, its lids' middles, its opening. */
const EYES = [
  { outer: 33, inner: 133, upper: 159, lower: 145, loop: RIGHT_EYE_LOOP },
  { outer: 263, inner: 362, upper: 386, lower: 374, loop: LEFT_EYE_LOOP },
] as const;
/** Lid gap (eye widths) under which an eye counts as shut: its iris point is a guess. */
const MIN_OPENING = 0.12;
/**
 * Largest move along the eye and across it (eye widths). The move fades to nothing over EDGE_FADE of
 * the eye's width at each corner: a longer move would fold the eye white between the iris and the corner.
 */
const MAX_ALONG = 0.2, MAX_ACROSS = 0.08, EDGE_FADE = 0.32;
/**
 * An eye narrower than this share of the other (the far eye of a turned head) is seen nearly edge-on:
 * its iris point is a guess, and its few pixels are left as drawn.
 */
const MIN_WIDTH_SHARE = 0.6;
/** An iris point farther along its eye than this from the middle is not read as sitting in it. */
const MAX_OFF_MIDDLE = 0.4;
/** Moves shorter than this (pixels) leave the eye as it is. */
const MIN_MOVE = 0.35;

interface EyeFrame { ax: number; ay: number; ex: number; ey: number; len2: number }

function frameOf(pts: ArrayLike<number>, eye: (typeof EYES)[number]): EyeFrame {
  const ax = pts[2 * eye.outer]!, ay = pts[2 * eye.outer + 1]!;
  const ex = pts[2 * eye.inner]! - ax, ey = pts[2 * eye.inner + 1]! - ay;
  return { ax, ay, ex, ey, len2: ex * ex + ey * ey };
}

/** A point's place in an eye: along the corner line (0 outer, 1 inner) and across it, both in eye widths. */
function inEye(f: EyeFrame, x: number, y: number): [number, number] {
  const dx = x - f.ax, dy = y - f.ay;
  return [(dx * f.ex + dy * f.ey) / f.len2, (f.ex * dy - f.ey * dx) / f.len2];
}

function opening(pts: ArrayLike<number>, eye: (typeof EYES)[number], f: EyeFrame): number {
  const gap = Math.hypot(pts[2 * eye.upper]! - pts[2 * eye.lower]!, pts[2 * eye.upper + 1]! - pts[2 * eye.lower + 1]!);
  return gap / Math.sqrt(f.len2);
}

export interface GazeInput {
  warped: WarpOutput;
  roi: Roi;
  srcFace: Face;
  srcPts: Float32Array;
  dstFace: Face;
  dstPts: Float32Array;
  /** Where the warp drew each mesh point. */
  placed: Float32Array;
  /** Per triangle, its replacement source triangle (NaN: its own; see raster/warp.ts). */
  srcOverride?: Float32Array;
}

/**
 * Moves each warped iris to the target's place in the placed eye, in `warped` itself. An eye is
 * left as drawn when either face has it shut or shows it nearly edge-on, when its pixels came from
 * a mirror twin or lie beyond the warp, or when the move is under MIN_MOVE. Returns the longest
 * move made, in pixels.
 */
export function keepTargetGaze(g: GazeInput): number {
  const srcIris = irises(g.srcFace), dstIris = irises(g.dstFace);
  if (srcIris.length < 2 || dstIris.length < 2) return 0;
  let longest = 0;
  const widths = (pts: Float32Array) => EYES.map((e) => Math.sqrt(frameOf(pts, e).len2));
  const foreshortened = (w: number[]) => Math.min(...w) < MIN_WIDTH_SHARE * Math.max(...w);
  const [ws, wt, wp] = [widths(g.srcPts), widths(g.dstPts), widths(g.placed)];
  for (const [k, eye] of EYES.entries()) {
    const fs = frameOf(g.srcPts, eye), ft = frameOf(g.dstPts, eye), fp = frameOf(g.placed, eye);
    if (fs.len2 < 1 || ft.len2 < 1 || fp.len2 < 1) continue;
    if ([ws, wt, wp].some((w) => foreshortened(w) && w[k] === Math.min(...w))) continue;
    if (opening(g.srcPts, eye, fs) < MIN_OPENING || opening(g.dstPts, eye, ft) < MIN_OPENING || opening(g.placed, eye, fp) < MIN_OPENING) continue;
    const [us, vs] = irisIn(fs, srcIris);
    const [ut, vt] = irisIn(ft, dstIris);
    if (Math.abs(us - 0.5) > MAX_OFF_MIDDLE || Math.abs(ut - 0.5) > MAX_OFF_MIDDLE) continue;
    const du = Math.max(-MAX_ALONG, Math.min(MAX_ALONG, ut - us));
    const dv = Math.max(-MAX_ACROSS, Math.min(MAX_ACROSS, vt - vs));
    // The move in pixels of the placed eye (across: the corner line turned a quarter).
    const mx = du * fp.ex - dv * fp.ey, my = du * fp.ey + dv * fp.ex;
    const move = Math.hypot(mx, my);
    if (move < MIN_MOVE) continue;
    const loop = Float32Array.from(eye.loop.flatMap((p) => [g.placed[2 * p]!, g.placed[2 * p + 1]!]));
    if (!drawnFromSource(g, loop)) continue;
    moveInside(g.warped, g.roi, loop, fp, mx, my);
    longest = Math.max(longest, move);
  }
  return longest;
}

/** The place in this eye of whichever of the face's two irises lies nearer its middle (the iris points' order is not the eyes'). */
function irisIn(f: EyeFrame, discs: ReadonlyArray<{ x: number; y: number }>): [number, number] {
  const places = discs.map((d) => inEye(f, d.x, d.y));
  return places.reduce((a, b) => (Math.hypot(b[0] - 0.5, b[1]) < Math.hypot(a[0] - 0.5, a[1]) ? b : a));
}

/** Whether the eye's opening was drawn whole from the source's own eye (not from a mirror twin). */
function drawnFromSource(g: GazeInput, loop: Float32Array): boolean {
  const { warped, roi, srcOverride } = g;
  const b = flatBounds(loop);
  for (let y = Math.max(roi.y, Math.ceil(b.y0)); y <= Math.min(roi.y + roi.h - 1, Math.floor(b.y1)); y++) {
    for (let x = Math.max(roi.x, Math.ceil(b.x0)); x <= Math.min(roi.x + roi.w - 1, Math.floor(b.x1)); x++) {
      if (!pointInPolygon(x, y, loop)) continue;
      const i = (y - roi.y) * roi.w + (x - roi.x);
      const t = warped.triangle[i]!;
      if (t < 0) return false;
      if (srcOverride && !Number.isNaN(srcOverride[6 * t]!)) return false;
    }
  }
  return true;
}

/**
 * Inside the eye's opening, each pixel takes the warped colour `(mx, my)` back, the move fading to
 * nothing toward the corners (the lids' lines lie along the move: shifting along them shows no seam).
 * Across the eye the move also fades toward the lids, so they stay where they were drawn.
 */
function moveInside(w: WarpOutput, roi: Roi, loop: Float32Array, f: EyeFrame, mx: number, my: number): void {
  const b = flatBounds(loop);
  const x0 = Math.max(roi.x, Math.floor(b.x0) - 1), x1 = Math.min(roi.x + roi.w - 1, Math.ceil(b.x1) + 1);
  const y0 = Math.max(roi.y, Math.floor(b.y0) - 1), y1 = Math.min(roi.y + roi.h - 1, Math.ceil(b.y1) + 1);
  if (x1 < x0 || y1 < y0) return;
  const n = roi.w * roi.h;
  // The eye's pixels as drawn, read while they are rewritten.
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  const copy = new Float32Array(3 * bw * bh), drawn = new Uint8Array(bw * bh);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const i = (y - roi.y) * roi.w + (x - roi.x), j = (y - y0) * bw + (x - x0);
    drawn[j] = w.triangle[i]! >= 0 ? 1 : 0;
    for (let c = 0; c < 3; c++) copy[c * bw * bh + j] = w.rgb[c * n + i]!;
  }
  const width = Math.sqrt(f.len2);
  const along = (mx * f.ex + my * f.ey) / f.len2;
  const acrossX = mx - along * f.ex, acrossY = my - along * f.ey;
  // Across the eye the move is whole from a tenth of the eye's width inside the lids.
  const half = Math.max(1, 0.1 * width);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    if (!pointInPolygon(x, y, loop)) continue;
    const [u] = inEye(f, x, y);
    const wu = smoothstep(u / EDGE_FADE) * smoothstep((1 - u) / EDGE_FADE);
    if (wu <= 0) continue;
    const wv = smoothstep(edgeDistance(loop, x, y) / half);
    const sx = x - wu * (along * f.ex + wv * acrossX), sy = y - wu * (along * f.ey + wv * acrossY);
    const i = (y - roi.y) * roi.w + (x - roi.x);
    sample(copy, drawn, bw, bh, sx - x0, sy - y0, w.rgb, n, i);
  }
}

/**
 * Bilinear colour of the planar copy at (x, y), clamped to it, written at `i` of the planar `out`;
 * nothing is written where a pixel read was not drawn by the warp (it holds no colour).
 */
function sample(copy: Float32Array, drawn: Uint8Array, bw: number, bh: number, x: number, y: number, out: Float32Array, n: number, i: number): void {
  const cx = Math.max(0, Math.min(bw - 1.001, x)), cy = Math.max(0, Math.min(bh - 1.001, y));
  const ix = Math.floor(cx), iy = Math.floor(cy), fx = cx - ix, fy = cy - iy;
  const j = iy * bw + ix;
  if (!drawn[j] || !drawn[j + 1] || !drawn[j + bw] || !drawn[j + bw + 1]) return;
  for (let c = 0; c < 3; c++) {
    const p = c * bw * bh + j;
    const top = copy[p]! + fx * (copy[p + 1]! - copy[p]!);
    const bottom = copy[p + bw]! + fx * (copy[p + bw + 1]! - copy[p + bw]!);
    out[c * n + i] = top + fy * (bottom - top);
  }
}

function edgeDistance(loop: Float32Array, x: number, y: number): number {
  const m = loop.length / 2;
  let best = Infinity;
  for (let k = 0, j = m - 1; k < m; j = k++) {
    const ax = loop[2 * j]!, ay = loop[2 * j + 1]!, dx = loop[2 * k]! - ax, dy = loop[2 * k + 1]! - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}
