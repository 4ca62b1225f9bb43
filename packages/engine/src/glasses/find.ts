// Glasses worn in the target photo stay on the new face, as its hair does. The mask's edge crosses a
// frame at the temples: the occlusion kept its hinges (they reach the outline) and swapped the rims
// away, leaving two stubs floating beside the new eyes. A frame is found by its shape: round each eye
// a closed ring of line that crosses every ray from the eye's centre, and a bar across the bridge of
// the nose. A bare face has lines about its eyes too (lids, brows, wrinkles, the edge of a shadow),
// but none that rings both eyes, out at the temple and down on the cheek alike.
import { dilate } from '../raster/morph.ts';
import { fillPolygon, flatBounds } from '../raster/polygon.ts';
import { gridFor, upsampleSparse } from '../raster/resample.ts';
import type { Roi } from '../raster/warp.ts';
import { FACE_OVAL_LOOP, LEFT_EYE_LOOP, loopUv, RIGHT_EYE_LOOP, upward } from '../mesh/topology.ts';
import { imageSkin } from '../face/skin-model.ts';
import { eyesOf, findBridge, findRing, REACH_ACROSS, REACH_ALONG, RHO_MAX, type Crossing, type Ring } from './ring.ts';
import { BAND, keepLines, type Band, type GlassesFrame } from './keep.ts';

/**
 * Line strength (a second difference across the ring, over the skin's brightness) that three rays in
 * four must reach round each eye, and the bridge's columns in the median. Over the fixtures the
 * glasses' rings read 0.31–0.55 and their bridges 0.36–0.80; bare faces' rings at most 0.11 (a face
 * with a hand and a dark half), 0.17 for the near eye of a turned one (its far eye none).
 */
const RING = 0.22, BRIDGE = 0.22;
/** Margin (fraction of the face size) left round the eyes: lashes and liner are lines of their own. */
const EYE_MARGIN = 0.03;
/** Face size (pixels) a face is read at, at most (see glassesFrame). */
const READ_SIZE = 320;
/** Faces smaller than this (pixels) are not looked at: a frame there is a pixel or two, stubs and all. */
export const GLASSES_MIN_FACE = 80;

/** 1 for the ROI pixels inside the face's outline (FACE_OVAL_LOOP of its flat mesh points `pts`). */
export function faceOval(pts: Float32Array, roi: Roi): Uint8Array {
  const oval = new Uint8Array(roi.w * roi.h);
  fillPolygon(oval, roi.w, roi.h, roi.x, roi.y, loopUv(pts, FACE_OVAL_LOOP));
  return oval;
}

/**
 * The frame of the glasses the face with flat mesh points `pts` (image pixels) wears in `image`, over
 * `roi`, where `inFace` (per ROI pixel: the face, see faceOval) is over 0; null when it wears none.
 * It is looked for over the whole face, not only where the new face goes: a source whose hand leaves
 * half the face to the target left half a ring to find, and the frame was missed. A face over READ_SIZE
 * is read at every k-th pixel and the frame's weight brought back up bilinearly: read whole, an
 * 1800-px face took 420 ms.
 */
export function glassesFrame(image: Uint8Array, imageWidth: number, roi: Roi, pts: Float32Array, faceSize: number, inFace: ArrayLike<number>): GlassesFrame | null {
  if (faceSize < GLASSES_MIN_FACE) return null;
  const k = Math.max(1, Math.round(faceSize / READ_SIZE));
  if (k === 1) return frameAt(image, imageWidth, roi, pts, faceSize, inFace);
  // Only the rows the rings can reach are reduced.
  const [r0, r1] = ringRows(pts, roi, faceSize);
  if (r1 <= r0) return null;
  const w = roi.w, h = r1 - r0 + 1, n = w * h;
  // Every k-th pixel: a frame's lines are as wide as the face is large, a few pixels at READ_SIZE
  // (a box mean over every pixel cost more than reading the frame).
  const g = gridFor(w, h, k), gn = g.w * g.h, o = k >> 1;
  const rgb = new Uint8Array(3 * gn), face = new Float32Array(gn);
  for (let gy = 0; gy < g.h; gy++) {
    const y = Math.min(h - 1, gy * k + o);
    for (let gx = 0; gx < g.w; gx++) {
      const x = Math.min(w - 1, gx * k + o), p = ((roi.y + r0 + y) * imageWidth + roi.x + x) * 3, c = gy * g.w + gx;
      rgb[3 * c] = image[p]!; rgb[3 * c + 1] = image[p + 1]!; rgb[3 * c + 2] = image[p + 2]!;
      face[c] = inFace[(r0 + y) * w + x]!;
    }
  }
  const at = Float32Array.from(pts, (v, j) => (v - (j % 2 === 0 ? roi.x : roi.y + r0) - o) / k);
  const frame = frameAt(rgb, g.w, { x: 0, y: 0, w: g.w, h: g.h }, at, faceSize / k, face);
  if (!frame) return null;
  const band = upsampleSparse(frame.weight, g.w, g.h, k, w, h);
  const weight = new Float32Array(roi.w * roi.h);
  let pixels = 0;
  for (let i = 0; i < n; i++) {
    if (inFace[r0 * w + i]! <= 0) continue;
    weight[r0 * w + i] = band[i]!;
    if (band[i]! > 0.5) pixels++;
  }
  return { weight, pixels, tinted: frame.tinted };
}

/** The first and last ROI rows the rings about the eyes can reach, with the keeping band's margin. */
function ringRows(pts: Float32Array, roi: Roi, faceSize: number): [number, number] {
  let y0 = roi.h, y1 = 0;
  for (const e of eyesOf(pts)) {
    const reach = e.r * Math.max(REACH_ACROSS, REACH_ALONG) * RHO_MAX + BAND * faceSize + 2;
    y0 = Math.min(y0, Math.floor(e.cy - reach - roi.y)); y1 = Math.max(y1, Math.ceil(e.cy + reach - roi.y));
  }
  return [Math.max(0, y0), Math.min(roi.h - 1, y1)];
}

function readBand(image: Uint8Array, imageWidth: number, roi: Roi, pts: Float32Array, faceSize: number, inFace: ArrayLike<number>): Band | null {
  const up = upward(pts);
  const { w, h } = roi;
  const skin = imageSkin(image, imageWidth, roi, pts).skin;
  if (!skin) return null;
  // Only the rows the rings can reach are read (the whole width: the arms run out to the outline).
  const [y0, y1] = ringRows(pts, roi, faceSize);
  if (y1 <= y0) return null;
  const rh = y1 - y0 + 1;
  // The eyes with their margin, over the box about them only.
  const margin = Math.max(1, Math.round(EYE_MARGIN * faceSize));
  const eyeLoops = [loopUv(pts, RIGHT_EYE_LOOP), loopUv(pts, LEFT_EYE_LOOP)];
  let ex0 = Infinity, ey0 = Infinity, ex1 = -Infinity, ey1 = -Infinity;
  for (const loop of eyeLoops) {
    const b = flatBounds(loop);
    ex0 = Math.min(ex0, b.x0); ey0 = Math.min(ey0, b.y0); ex1 = Math.max(ex1, b.x1); ey1 = Math.max(ey1, b.y1);
  }
  const bx = Math.floor(ex0) - margin - 1, by = Math.floor(ey0) - margin - 1;
  const bw = Math.ceil(ex1) + margin + 2 - bx, bh = Math.ceil(ey1) + margin + 2 - by;
  const eyeMask = new Uint8Array(bw * bh);
  for (const loop of eyeLoops) fillPolygon(eyeMask, bw, bh, bx, by, loop);
  const eyesOut = dilate(eyeMask, bw, bh, margin);
  const nearEye = (i: number) => {
    const x = roi.x + (i % w) - bx, y = roi.y + y0 + ((i / w) | 0) - by;
    return x >= 0 && y >= 0 && x < bw && y < bh && eyesOut[y * bw + x] === 1;
  };
  const usable = (i: number) => i >= 0 && inFace[y0 * w + i]! > 0 && !nearEye(i);
  // The photo's colour about (x, y) (a 3 × 3 mean), as a share of the skin's brightness, into `out`.
  const norm = 1 / (9 * skin.my);
  const colourAt = (x: number, y: number, out: Float64Array) => {
    const cx = Math.min(w - 2, Math.max(1, Math.round(x - roi.x))) + roi.x, cy = Math.min(h - 2, Math.max(1, Math.round(y - roi.y))) + roi.y;
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let yy = cy - 1; yy <= cy + 1; yy++) {
      for (let p = (yy * imageWidth + cx - 1) * 3, e = p + 9; p < e; p += 3) { out[0]! += image[p]!; out[1]! += image[p + 1]!; out[2]! += image[p + 2]!; }
    }
    out[0]! *= norm; out[1]! *= norm; out[2]! *= norm;
  };
  // How much a line crosses direction (nx, ny) at (x, y): the second difference over a frame's width.
  const step = Math.max(1.5, 0.012 * faceSize);
  const cm = new Float64Array(3), ca = new Float64Array(3), cb = new Float64Array(3);
  const crossing: Crossing = (x, y, nx, ny) => {
    const xi = Math.round(x - roi.x), yi = Math.round(y - roi.y) - y0;
    if (xi < 0 || yi < 0 || xi >= w || yi >= rh || !usable(yi * w + xi)) return 0;
    colourAt(x, y, cm); colourAt(x + step * nx, y + step * ny, ca); colourAt(x - step * nx, y - step * ny, cb);
    let s = 0;
    for (let c = 0; c < 3; c++) { const d = 2 * cm[c]! - ca[c]! - cb[c]!; s += d * d; }
    return Math.sqrt(s / 3);
  };
  return { up, skin, y0, rh, usable, crossing };
}

/** The frame read at the image's own size: found by its rings and bridge, then kept (see keepLines). */
function frameAt(image: Uint8Array, imageWidth: number, roi: Roi, pts: Float32Array, faceSize: number, inFace: ArrayLike<number>): GlassesFrame | null {
  const band = readBand(image, imageWidth, roi, pts, faceSize, inFace);
  if (!band) return null;
  const rings = eyesOf(pts).map((e) => findRing(e, band.up, band.crossing)) as [Ring, Ring];
  const bridge = findBridge(pts, band.up, faceSize, band.crossing);
  if (rings.some((r) => r.strength < RING) || bridge.strength < BRIDGE) return null;
  return keepLines(image, imageWidth, roi, pts, faceSize, band, rings, bridge);
}
