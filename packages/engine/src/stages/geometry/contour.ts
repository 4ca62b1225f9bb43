// Identity lives in the outline too. The target's jaw and cheek contour is moved part of
// the way toward the source's (after aligning the two faces on eyes, nose and mouth), by a smooth
// displacement field that fades out within a band around the contour and never leaves the ROI.
import type { RgbImage } from '../../core/image.ts';
import type { Roi } from '../../raster/warp.ts';
import { smoothstep } from '../../raster/ramp.ts';
import { upward } from '../../mesh/topology.ts';

/** Jaw and lower-cheek contour, ear to ear through the chin. */
export const JAW = [234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454];
/**
 * How far each JAW point follows the source, sin²(2π·u) along the contour (u = 0 at one ear, ½ at the
 * chin, 1 at the other ear): the chin and the ear-level sides (with the forehead top, the points
 * head-pose estimation relies on) stay, so reshaping changes the jaw's shape, not the head's apparent
 * pose, and the weight leaves them smoothly. Pinning them outright (weight 0 beside 1) bent the jaw
 * line into a corner beside the chin (a baby's face onto a man's).
 */
const JAW_WEIGHT = JAW.map((_, j) => Math.sin((2 * Math.PI * j) / (JAW.length - 1)) ** 2);
/** Points that fix the alignment of the two faces: eye corners, nose line, mouth corners. */
const ANCHORS = [33, 133, 362, 263, 168, 6, 197, 195, 5, 4, 1, 61, 291];

export interface Similarity { a: number; b: number; tx: number; ty: number }

/** Least-squares similarity (rotation, uniform scale, translation) taking `from` points onto `to` points. */
export function fitSimilarity(from: Float32Array, to: Float32Array, idx: readonly number[]): Similarity {
  let fx = 0, fy = 0, tx = 0, ty = 0;
  for (const i of idx) { fx += from[2 * i]!; fy += from[2 * i + 1]!; tx += to[2 * i]!; ty += to[2 * i + 1]!; }
  const m = idx.length;
  fx /= m; fy /= m; tx /= m; ty /= m;
  let sxx = 0, sab = 0, sba = 0;
  for (const i of idx) {
    const x = from[2 * i]! - fx, y = from[2 * i + 1]! - fy, u = to[2 * i]! - tx, v = to[2 * i + 1]! - ty;
    sxx += x * x + y * y;
    sab += x * u + y * v;
    sba += x * v - y * u;
  }
  const a = sxx > 0 ? sab / sxx : 1, b = sxx > 0 ? sba / sxx : 0;
  return { a, b, tx: tx - (a * fx - b * fy), ty: ty - (b * fx + a * fy) };
}

/**
 * Mean disagreement between the two sides' offsets (one side's mirrored onto the other), as a
 * fraction of the face size, beyond which the source's contour is not its jaw: a hand on the cheek
 * (a hand on the cheek) pushed one side of it out by 5.5% of the face. Over the fixtures' frontal pairs free of
 * one, the sides disagree by 0.2–2.5%, and by 3–5% with a face whose cheek outline lies on the wall behind it.
 */
export const MAX_ASYMMETRY = 0.03;

/**
 * Each JAW point's offset from the target's contour to the source's (aligned on eyes, nose and
 * mouth), flat x,y, made symmetric about the face's axis (chin 152 to forehead top 10): the two
 * sides' mean. A face's width and jaw are what identify it; what differs between its sides is
 * mostly a slight turn or something over the jaw. Null when the sides disagree by more than
 * MAX_ASYMMETRY.
 */
export function symmetricOffsets(dstPts: Float32Array, srcPts: Float32Array, faceSize: number): Float32Array | null {
  const sim = fitSimilarity(srcPts, dstPts, ANCHORS);
  const m = JAW.length;
  const [ux, uy] = upward(dstPts);
  // Across (a) and up (u) components of each offset; JAW[j]'s mirror twin is JAW[m − 1 − j].
  const a = new Float64Array(m), u = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const i = JAW[j]!;
    const sx = srcPts[2 * i]!, sy = srcPts[2 * i + 1]!;
    const ox = sim.a * sx - sim.b * sy + sim.tx - dstPts[2 * i]!, oy = sim.b * sx + sim.a * sy + sim.ty - dstPts[2 * i + 1]!;
    a[j] = ox * -uy + oy * ux;
    u[j] = ox * ux + oy * uy;
  }
  let asym = 0;
  for (let j = 0; j < m; j++) { const k = m - 1 - j; asym += Math.hypot(a[j]! + a[k]!, u[j]! - u[k]!) / 2; }
  if (asym / m > MAX_ASYMMETRY * faceSize) return null;
  const out = new Float32Array(2 * m);
  for (let j = 0; j < m; j++) {
    const k = m - 1 - j;
    const sa = (a[j]! - a[k]!) / 2, su = (u[j]! + u[k]!) / 2;
    out[2 * j] = sa * -uy + su * ux;
    out[2 * j + 1] = sa * ux + su * uy;
  }
  return out;
}

export interface ContourOptions {
  /** Fraction of the way the target's contour moves toward the source's (0 disables). */
  strength: number;
  /** Largest displacement allowed, as a fraction of the face size. */
  maxShift?: number;
}

/**
 * Reshapes `img` inside `roi` and moves `dstPts` (flat x,y, modified in place) with it.
 * Returns the largest displacement applied in pixels (0 when nothing changed).
 */
export function reshapeContour(img: RgbImage, roi: Roi, dstPts: Float32Array, srcPts: Float32Array, faceSize: number, opts: ContourOptions): number {
  if (opts.strength <= 0) return 0;
  const maxShift = (opts.maxShift ?? 0.06) * faceSize;
  const m = JAW.length;
  const offsets = symmetricOffsets(dstPts, srcPts, faceSize);
  if (!offsets) return 0;
  const cx = new Float32Array(m), cy = new Float32Array(m), dx = new Float32Array(m), dy = new Float32Array(m);
  let maxD = 0;
  for (let j = 0; j < m; j++) {
    const i = JAW[j]!;
    const f = JAW_WEIGHT[j]! * opts.strength;
    let ddx = f * offsets[2 * j]!, ddy = f * offsets[2 * j + 1]!;
    const len = Math.hypot(ddx, ddy);
    if (len > maxShift) { ddx *= maxShift / len; ddy *= maxShift / len; }
    dx[j] = ddx; dy[j] = ddy;
    // The field is defined around the contour's new position (backward mapping).
    cx[j] = dstPts[2 * i]! + ddx; cy[j] = dstPts[2 * i + 1]! + ddy;
    maxD = Math.max(maxD, Math.hypot(ddx, ddy));
  }
  if (maxD < 0.5) return 0;
  const sigma = 0.07 * faceSize, inv2s2 = 1 / (2 * sigma * sigma);
  const border = Math.max(2, 0.04 * faceSize);
  const field = (x: number, y: number, out: Float32Array) => {
    let sw = 0, sx = 0, sy = 0;
    for (let j = 0; j < m; j++) {
      const ex = x - cx[j]!, ey = y - cy[j]!;
      const wgt = Math.exp(-(ex * ex + ey * ey) * inv2s2);
      sw += wgt; sx += wgt * dx[j]!; sy += wgt * dy[j]!;
    }
    // Normalised near the contour, fading to zero away from it and at the ROI's edge.
    const norm = 1 / Math.max(sw, 1);
    const edge = Math.min(x - roi.x, roi.x + roi.w - 1 - x, y - roi.y, roi.y + roi.h - 1 - y) / border;
    const win = smoothstep(edge);
    out[0] = sx * norm * win; out[1] = sy * norm * win;
  };
  // Evaluate on a coarse grid and interpolate: the field is smooth.
  const k = Math.max(1, Math.floor(faceSize / 32));
  const gw = Math.ceil(roi.w / k) + 1, gh = Math.ceil(roi.h / k) + 1;
  const gfx = new Float32Array(gw * gh), gfy = new Float32Array(gw * gh);
  const tmp = new Float32Array(2);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      field(roi.x + Math.min(roi.w - 1, gx * k), roi.y + Math.min(roi.h - 1, gy * k), tmp);
      gfx[gy * gw + gx] = tmp[0]!; gfy[gy * gw + gx] = tmp[1]!;
    }
  }
  const at = (arr: Float32Array, x: number, y: number) => {
    const fx = Math.min(gw - 1.001, x / k), fy = Math.min(gh - 1.001, y / k);
    const x0 = fx | 0, y0 = fy | 0, tx = fx - x0, ty = fy - y0;
    const i = y0 * gw + x0;
    return (arr[i]! * (1 - tx) + arr[i + 1]! * tx) * (1 - ty) + (arr[i + gw]! * (1 - tx) + arr[i + gw + 1]! * tx) * ty;
  };
  // Node-aligned lookups (node g sits at pixel g·k), precomputed per column and row.
  const cx0 = new Int32Array(roi.w), ctx = new Float32Array(roi.w);
  for (let x = 0; x < roi.w; x++) { const f = Math.min(gw - 1.001, x / k); cx0[x] = f | 0; ctx[x] = f - (f | 0); }
  // Grid cells (between nodes) where the field is non-zero at any corner: everything else is
  // skipped outright, and only the rows around them are copied.
  const liveNode = (g: number) => gfx[g]! * gfx[g]! + gfy[g]! * gfy[g]! >= 0.0025;
  const liveCell = new Uint8Array(gw * gh);
  let firstRow = gh, lastRow = -1;
  for (let gy = 0; gy + 1 < gh; gy++) {
    for (let gx = 0; gx + 1 < gw; gx++) {
      const g = gy * gw + gx;
      if (liveNode(g) || liveNode(g + 1) || liveNode(g + gw) || liveNode(g + gw + 1)) { liveCell[g] = 1; firstRow = Math.min(firstRow, gy); lastRow = gy; }
    }
  }
  if (lastRow < 0) return 0;
  const { data, width } = img;
  // Copy of the rows to sample from while writing in place: those written, and maxShift beyond.
  const cy0 = Math.max(0, firstRow * k - Math.ceil(maxShift) - 1), cy1 = Math.min(roi.h, (lastRow + 1) * k + Math.ceil(maxShift) + 2);
  const copy = new Uint8Array(roi.w * (cy1 - cy0) * 3);
  for (let y = cy0; y < cy1; y++) copy.set(data.subarray(((roi.y + y) * width + roi.x) * 3, ((roi.y + y) * width + roi.x + roi.w) * 3), (y - cy0) * roi.w * 3);
  for (let y = Math.max(0, firstRow * k); y < Math.min(roi.h, (lastRow + 1) * k + 1); y++) {
    const fy = Math.min(gh - 1.001, y / k), y0 = fy | 0, ty = fy - y0, uy = 1 - ty;
    const rowO = ((roi.y + y) * width + roi.x) * 3;
    for (let x = 0; x < roi.w; x++) {
      if (!liveCell[y0 * gw + cx0[x]!]) { x = Math.min(roi.w, (cx0[x]! + 1) * k) - 1; continue; }
      const i = y0 * gw + cx0[x]!, tx = ctx[x]!, ux0 = 1 - tx;
      const ux = (gfx[i]! * ux0 + gfx[i + 1]! * tx) * uy + (gfx[i + gw]! * ux0 + gfx[i + gw + 1]! * tx) * ty;
      const uyv = (gfy[i]! * ux0 + gfy[i + 1]! * tx) * uy + (gfy[i + gw]! * ux0 + gfy[i + gw + 1]! * tx) * ty;
      if (ux * ux + uyv * uyv < 0.0025) continue; // under 0.05 px: leave the pixel bit-identical
      let sx = x - ux, sy = y - uyv;
      if (sx < 0) sx = 0; else if (sx > roi.w - 1) sx = roi.w - 1;
      if (sy < 0) sy = 0; else if (sy > roi.h - 1) sy = roi.h - 1;
      const ix = sx | 0, iy = sy | 0, fx = sx - ix, fyy = sy - iy;
      const ix1 = ix + 1 < roi.w ? ix + 1 : ix, iy1 = iy + 1 < roi.h ? iy + 1 : iy;
      // Rows of the copy start at cy0.
      const r0 = (iy - cy0) * roi.w, r1 = (iy1 - cy0) * roi.w;
      const p00 = (r0 + ix) * 3, p10 = (r0 + ix1) * 3, p01 = (r1 + ix) * 3, p11 = (r1 + ix1) * 3;
      const w00 = (1 - fx) * (1 - fyy), w10 = fx * (1 - fyy), w01 = (1 - fx) * fyy, w11 = fx * fyy;
      const o = rowO + x * 3;
      data[o] = (copy[p00]! * w00 + copy[p10]! * w10 + copy[p01]! * w01 + copy[p11]! * w11 + 0.5) | 0;
      data[o + 1] = (copy[p00 + 1]! * w00 + copy[p10 + 1]! * w10 + copy[p01 + 1]! * w01 + copy[p11 + 1]! * w11 + 0.5) | 0;
      data[o + 2] = (copy[p00 + 2]! * w00 + copy[p10 + 2]! * w10 + copy[p01 + 2]! * w01 + copy[p11 + 2]! * w11 + 0.5) | 0;
    }
  }
  // Move the mesh with the image: solve q − D(q) = p by fixed-point iteration.
  const n = dstPts.length / 2;
  for (let i = 0; i < n; i++) {
    const px = dstPts[2 * i]!, py = dstPts[2 * i + 1]!;
    let qx = px, qy = py;
    for (let it = 0; it < 3; it++) {
      const lx = qx - roi.x, ly = qy - roi.y;
      if (lx < 0 || ly < 0 || lx > roi.w - 1 || ly > roi.h - 1) break;
      qx = px + at(gfx, lx, ly); qy = py + at(gfy, lx, ly);
    }
    dstPts[2 * i] = qx; dstPts[2 * i + 1] = qy;
  }
  return maxD;
}
