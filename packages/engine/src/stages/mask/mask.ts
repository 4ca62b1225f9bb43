// The blend mask. Inner face only (brows to chin, cheek to cheek; never the source's hairline),
// built from the warped triangles' classes so it stays right on profiles, feathered in proportion to
// the face size. Where the target's mouth is open its interior (teeth, tongue) is kept.
import { gaussianBlur } from '../../raster/blur.ts';
import { distanceTo } from '../../raster/distance.ts';
import type { Roi } from '../../raster/warp.ts';
import { INNER_LIP_LOOP, LEFT_EYE_LOOP, loopUv, OUTER_LIP_LOOP, RIGHT_EYE_LOOP, TRI_FEATURE, TRI_FOREHEAD, TRI_MOUTH, TRI_SKIN, TRI_SKIN_UPPER } from '../../mesh/topology.ts';
import { fillPolygon } from '../../raster/polygon.ts';
import { upsampleSparse } from '../../raster/resample.ts';
import type { Scratch } from '../../raster/scratch.ts';
import { smoothstep } from '../../raster/ramp.ts';

/** Inner-lip gap relative to face height; above MOUTH_OPEN the target's mouth interior is kept. */
export function mouthOpenness(pts: Float32Array): number {
  const gap = Math.hypot(pts[2 * 13]! - pts[2 * 14]!, pts[2 * 13 + 1]! - pts[2 * 14 + 1]!);
  const faceH = Math.hypot(pts[2 * 10]! - pts[2 * 152]!, pts[2 * 10 + 1]! - pts[2 * 152 + 1]!);
  return faceH > 0 ? gap / faceH : 0;
}
export const MOUTH_OPEN = 0.025;

export interface FaceMasks {
  /** Feathered blend mask 0..1 (0 on and outside the edge of what the source shows). */
  alpha: Float32Array;
  /** Hard support: the only pixels that may change. */
  support: Uint8Array;
  /** Pixels used to estimate the colour transfer and grain: skin only (no eyes, brows, lips, mouth). */
  skin: Uint8Array;
}

/** Feather radius (Gaussian sigma) as a fraction of the face size. */
export const FEATHER = 0.03;

/** Feather (fraction of the face size) of the edge toward the target's own hair on the forehead (see buildMasks). */
export const HAIR_FEATHER = 0.015;

/**
 * How fast the feather may rise from the nearest edge: to 1 over this many feather sigmas. Beside a
 * straight edge the blurred cover rises slower than that, so nothing changes there. Beside a notch or
 * a small hole (a triangle the source stretched too far, left to the target; a sliver of it between
 * the eye and the ear of a profile) the blurred cover hardly dips: the new face stood at half
 * strength right up to its edge and ended in a hard-edged patch of the target's skin.
 */
export const EDGE_RISE = 1.2;

/**
 * Each cell's distance (in cells) to the nearest cell mostly outside what the source shows (`wide`
 * and `open` before any blur, see coverage): neither swapped, nor the target's hair (which has its
 * own narrow feather), nor an open mouth (the lips end at it sharply, as they do on a face).
 */
function edgeDistance(wide: Float32Array, open: Float32Array | null, gw: number, gh: number): Float32Array {
  const marked = new Uint8Array(gw * gh);
  for (let g = 0; g < marked.length; g++) marked[g] = 1 - wide[g]! - (open ? open[g]! : 0) >= 0.5 ? 1 : 0;
  return distanceTo(marked, gw, gh);
}

/**
 * Share of each ds × ds cell (gw × gh cells, partial ones at the right and bottom) that is swapped or
 * target hair (`wide`), when `hair` is given, that is not target hair (`narrow`), and when
 * `openMouth` is given, that is the open mouth's interior in `cover` (`open`).
 */
function coverage(swapped: Uint8Array, hair: Uint8Array | null, cover: Uint8Array, openMouth: boolean, w: number, h: number, ds: number, gw: number, gh: number): { wide: Float32Array; narrow: Float32Array | null; open: Float32Array | null } {
  const wide = new Float32Array(gw * gh), narrow = hair ? new Float32Array(gw * gh) : null, open = openMouth ? new Float32Array(gw * gh) : null;
  for (let y = 0; y < h; y++) {
    const gy = ((y / ds) | 0) * gw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x, g = gy + ((x / ds) | 0);
      if (swapped[i] || (hair && hair[i])) wide[g]! += 1;
      if (narrow && !hair![i]) narrow[g]! += 1;
      if (open && cover[i] === TRI_MOUTH) open[g]! += 1;
    }
  }
  for (let gy = 0; gy < gh; gy++) {
    const ch = Math.min(ds, h - gy * ds);
    for (let gx = 0; gx < gw; gx++) {
      const inv = 1 / (ch * Math.min(ds, w - gx * ds)), g = gy * gw + gx;
      wide[g]! *= inv;
      if (narrow) narrow[g]! *= inv;
      if (open) open[g]! *= inv;
    }
  }
  return { wide, narrow, open };
}

/**
 * The blend mask, its support and the skin to judge light on, from the warped triangles' classes.
 * `targetHair` (one per ROI pixel, see gateForehead) marks the forehead left to the target's hair;
 * null when there is none.
 */
export function buildMasks(cover: Uint8Array, roi: Roi, faceSize: number, mouthOpen: boolean, targetHair: Uint8Array | null = null): FaceMasks {
  const { w, h } = roi;
  const n = w * h;
  // `swapped` is where the source shows (alpha's support). The support adds the forehead the gate
  // left to the target: alpha is 0 there, so those pixels take only the blend's coarse bands, and
  // a notch of the target's hairline fades into the new skin instead of showing as a hard-edged cell.
  const swapped = new Uint8Array(n), support = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = cover[i]!;
    swapped[i] = c === TRI_SKIN || c === TRI_SKIN_UPPER || c === TRI_FEATURE || (c === TRI_MOUTH && !mouthOpen) ? 1 : 0;
    support[i] = swapped[i] || c === TRI_FOREHEAD ? 1 : 0;
  }
  // Feather on a coarse grid (the blur is wide, so resolution there is wasted), then upsample. Where
  // the forehead gate left the target's own hair (its fringe), the edge is narrow instead: a strand's
  // tip under the wide feather showed through the new skin as a blurred smudge. Toward that hair the
  // wide feather sees no edge (the hair counts as swapped), and the narrow one sees only that edge.
  const ds = Math.max(1, Math.floor(faceSize / 120));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds);
  const { wide, narrow, open } = coverage(swapped, targetHair, cover, mouthOpen, w, h, ds, gw, gh);
  const edge = edgeDistance(wide, open, gw, gh);
  // Cells this near an edge (in cells) may hold the feather back (see EDGE_RISE).
  const riseCells = (EDGE_RISE * FEATHER * faceSize) / ds;
  gaussianBlur(wide, gw, gh, Math.max(1, (FEATHER * faceSize) / ds));
  if (narrow) gaussianBlur(narrow, gw, gh, Math.max(0.5, (HAIR_FEATHER * faceSize) / ds));
  const alpha = new Float32Array(n);
  const skin = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / ds - 0.5));
    const y0 = fy | 0, y1 = Math.min(gh - 1, y0 + 1), ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!swapped[i]) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / ds - 0.5));
      const x0 = fx | 0, x1 = Math.min(gw - 1, x0 + 1), tx = fx - x0;
      const w00 = (1 - tx) * (1 - ty), w01 = tx * (1 - ty), w10 = (1 - tx) * ty, w11 = tx * ty;
      const c00 = y0 * gw + x0, c01 = y0 * gw + x1, c10 = y1 * gw + x0, c11 = y1 * gw + x1;
      // 0 on the edge, 1 a couple of sigmas inside, smoothstep in between.
      let a = smoothstep((wide[c00]! * w00 + wide[c01]! * w01 + wide[c10]! * w10 + wide[c11]! * w11 - 0.5) * 2);
      // Never faster than from the nearest edge (see EDGE_RISE).
      const e00 = edge[c00]!, e01 = edge[c01]!, e10 = edge[c10]!, e11 = edge[c11]!;
      if (e00 < riseCells || e01 < riseCells || e10 < riseCells || e11 < riseCells) a = Math.min(a, smoothstep((e00 * w00 + e01 * w01 + e10 * w10 + e11 * w11) / riseCells));
      if (narrow) a *= smoothstep((narrow[c00]! * w00 + narrow[c01]! * w01 + narrow[c10]! * w10 + narrow[c11]! * w11 - 0.5) * 2);
      alpha[i] = a;
      if ((cover[i] === TRI_SKIN || cover[i] === TRI_SKIN_UPPER) && a > 0.3) skin[i] = 1;
    }
  }
  return { alpha, support, skin };
}

/** Feather of the eyes' and lips' own light and colour treatment, as a fraction of the face size. */
export const FEATURE_FEATHER = 0.012;
/** Eye openings and lips grown a little about their centre, so lashes and the lip line are included. */
const FEATURE_LOOP_GROW = 1.1;

/**
 * How much each ROI pixel is eye or lips (0..1), feathered. These are relit apart from the skin (eye
 * whites must not blow out); the lids and brows around them are skin and follow the skin's light, so
 * no outline of the features shows on a face much darker or lighter than the source's.
 * @param pts target-placed mesh points, flat x,y in image coordinates
 */
export function featureWeight(pts: Float32Array, roi: Roi, faceSize: number, into?: Scratch<Float32Array>): Float32Array {
  return loopsWeight(pts, roi, faceSize, [LEFT_EYE_LOOP, RIGHT_EYE_LOOP, OUTER_LIP_LOOP], FEATURE_LOOP_GROW, into);
}

/**
 * How much each ROI pixel is lip tissue (0..1, within featureWeight's): the lips less the mouth's
 * opening. Lips take the skin's tone (see relight-pass.ts); the teeth between them keep their colour.
 */
export function lipWeight(pts: Float32Array, roi: Roi, faceSize: number, into?: LipBuffers): Float32Array {
  const lips = loopsWeight(pts, roi, faceSize, [OUTER_LIP_LOOP], FEATURE_LOOP_GROW, into?.lips);
  const opening = loopsWeight(pts, roi, faceSize, [INNER_LIP_LOOP], 1, into?.opening);
  for (let i = 0; i < lips.length; i++) lips[i] = Math.max(0, lips[i]! - opening[i]!);
  return lips;
}

/** Scratches for lipWeight's two planes (see scratch.ts). */
export interface LipBuffers { lips: Scratch<Float32Array>; opening: Scratch<Float32Array> }

/** The loops (grown by `grow` about their centres) filled on a coarse grid, feathered by FEATURE_FEATHER. */
function loopsWeight(pts: Float32Array, roi: Roi, faceSize: number, loops: ReadonlyArray<readonly number[]>, grow: number, into?: Scratch<Float32Array>): Float32Array {
  const { w, h } = roi;
  const ds = Math.max(1, Math.floor(faceSize / 120));
  const gw = Math.ceil(w / ds), gh = Math.ceil(h / ds);
  const grid = new Float32Array(gw * gh);
  for (const loop of loops) {
    const poly = loopUv(pts, loop, grow);
    // Into grid coordinates (cell centres at integers).
    for (let k = 0; k < poly.length; k += 2) {
      poly[k] = (poly[k]! - roi.x + 0.5) / ds - 0.5;
      poly[k + 1] = (poly[k + 1]! - roi.y + 0.5) / ds - 0.5;
    }
    fillPolygon(grid, gw, gh, 0, 0, poly);
  }
  gaussianBlur(grid, gw, gh, Math.max(0.5, (FEATURE_FEATHER * faceSize) / ds));
  return upsampleSparse(grid, gw, gh, ds, w, h, into);
}
