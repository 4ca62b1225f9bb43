// What is kept of a frame found on the target (see glasses/find.ts): its lines near the rings and the
// bridge, the hinges and arms running on from them, whole lenses when they are dark; and writing
// the target's pixels back over the blend there.
import { flood8 } from '../raster/flood.ts';
import { above, close } from '../raster/morph.ts';
import { gaussianBlur } from '../raster/blur.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { smoothstep } from '../raster/ramp.ts';
import type { Roi } from '../raster/warp.ts';
import { LEFT_BROW_LOOP, loopUv, RIGHT_BROW_LOOP } from '../mesh/topology.ts';
import { chromaDist2, type SkinModel } from '../face/skin-model.ts';
import { quantile, REACH_ACROSS, REACH_ALONG, RHO_MAX, ringRho, type Bridge, type Crossing, type Ring } from './ring.ts';

/** Half-width (fraction of the face size) of the band about the fitted ring, and the bridge's row, where the frame is kept. */
export const BAND = 0.02;
/** Fine line strength (against a blur of LINE_SIGMA of the face size) from which a pixel is kept, and the ramp to fully kept. */
const LINE_SIGMA = 0.02, KEEP_FROM = 0.12, KEEP_RAMP = 0.12;
const LUMA = [0.299, 0.587, 0.114];
/** What a dark frame keeps: darker than DARK_FRAME of the skin's brightness, or further than UNLIKE_SKIN deviations from its colour. */
const DARK_FRAME = 0.6, UNLIKE_SKIN = 3;
/**
 * A lens whose inside (within LENS_INSIDE of its ring) reads darker than TINTED of the face outside
 * it (OUTSIDE_FROM to OUTSIDE_TO of the ring) is tinted: sunglasses (see tintedLenses). The
 * fixtures' clear lenses read 0.88–1.36 (turned, enlarged, darkened, as JPEG 30), dark lenses drawn
 * on a bare face 0.19 and 0.29.
 */
const TINTED = 0.5, LENS_INSIDE = 0.95, OUTSIDE_FROM = 1.15, OUTSIDE_TO = 1.4;
/**
 * Gaps in the kept frame up to twice CLOSE_GAPS of the face size wide are closed (where frame-like);
 * kept groups smaller than SPECK² of the face size are dropped. On a grainy print (a 200-px face)
 * its cat-eye bar came out in fragments, and creases and grain along its clear lower rims were kept
 * as orange-brown dots over the new cheeks; thick rims were kept by their edges.
 */
const CLOSE_GAPS = 0.02, SPECK = 0.015;
/** The kept frame's edge: blurred by EDGE of the face size (EDGE_MIN pixels at least), taken EDGE_GAIN times where that adds to it. */
const EDGE = 0.003, EDGE_MIN = 0.7, EDGE_GAIN = 1.5;

export interface GlassesFrame {
  /** Per ROI pixel, 0..1: how much of the target's frame is kept there. */
  weight: Float32Array;
  /** Pixels where the weight is over one half. */
  pixels: number;
  /** A lens is tinted (sunglasses, see tintedLenses): the eyes behind it cannot be read. */
  tinted: boolean;
}

/** The rows of a face's ROI its glasses can reach, read for lines (see readBand in glasses/find.ts). */
export interface Band {
  /** The face's upward unit vector (chin to forehead). */
  up: readonly [number, number];
  /** The skin's colour model; lines are read as a share of its mean brightness. */
  skin: SkinModel;
  /** The first ROI row read, and how many. */
  y0: number;
  rh: number;
  /** Whether band pixel i may hold a frame: in the face, clear of the eyes. */
  usable: (i: number) => boolean;
  crossing: Crossing;
}

/**
 * The frame's weight per ROI pixel: line pixels within a band of each ring and of the bridge's row
 * between the rings, then whatever line runs on from them out beyond the rings (the hinges and arms,
 * to the outline).
 */
export function keepLines(image: Uint8Array, imageWidth: number, roi: Roi, pts: Float32Array, faceSize: number, read: Band, rings: [Ring, Ring], bridge: Bridge): GlassesFrame {
  const { up, skin, y0, rh, usable } = read;
  const skinY = skin.my;
  const w = roi.w, n = w * roi.h, rn = w * rh;
  const ax = -up[1], ay = up[0];
  // How far each pixel stands out from a blur of it (all three channels): the fine line strength,
  // and by how much it is lighter.
  const line = new Float32Array(rn), lighter = new Float32Array(rn);
  const plane = new Float32Array(rn), around = new Float32Array(rn), tmp = new Float32Array(rn);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < rh; y++) for (let x = 0; x < w; x++) plane[y * w + x] = image[((roi.y + y0 + y) * imageWidth + roi.x + x) * 3 + c]! / skinY;
    around.set(plane);
    gaussianBlur(around, w, rh, Math.max(1, LINE_SIGMA * faceSize), tmp);
    const luma = LUMA[c]!;
    for (let i = 0; i < rn; i++) { const d = plane[i]! - around[i]!; line[i]! += (d * d) / 3; lighter[i]! += luma * d; }
  }
  for (let i = 0; i < rn; i++) line[i] = Math.sqrt(line[i]!);
  // The hinges and arms are not grown into the brows, whose tails run out toward the temples.
  const brows = new Uint8Array(rn);
  fillPolygon(brows, w, rh, roi.x, roi.y + y0, loopUv(pts, RIGHT_BROW_LOOP));
  fillPolygon(brows, w, rh, roi.x, roi.y + y0, loopUv(pts, LEFT_BROW_LOOP));

  const band = BAND * faceSize;
  const core = new Float32Array(rn);
  const ringOf = new Int8Array(rn).fill(-1); // which ring a pixel lies outside of, past its outer corner
  const onBridge = new Uint8Array(rn);
  const { mid, span } = bridge;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Only a line can be kept, and only a line grown into: the ring geometry below is for those.
      if (line[i]! <= KEEP_FROM || !usable(i)) continue;
      const px = roi.x + x, py = roi.y + y0 + y;
      let near = false;
      for (let s = 0; s < 2; s++) {
        const ring = rings[s]!, e = ring.eye;
        const dx = px - e.cx, dy = py - e.cy;
        const u = (dx * ax + dy * ay) / (REACH_ACROSS * e.r), v = (dx * up[0] + dy * up[1]) / (REACH_ALONG * e.r);
        const r = Math.hypot(u, v);
        const outward = s === 0 ? -u : u;
        // Past the farthest ring and its band (most of the region): only the hinge's zone is asked.
        if (r > RHO_MAX + band / (REACH_ALONG * e.r)) {
          if (outward > 0.3 && Math.abs(v) < 0.6) ringOf[i] = s;
          continue;
        }
        const t = Math.atan2(v, u);
        const rho = ringRho(ring, t);
        // Distance to the ring along the ray, in pixels.
        const scale = Math.hypot(Math.cos(t) * REACH_ACROSS, Math.sin(t) * REACH_ALONG) * e.r;
        if (Math.abs(r - rho) * scale <= band) near = true;
        // Outward of the eye's outer corner and beyond the ring: where the hinge and arm run.
        if (r > rho && outward > 0.3 && Math.abs(v) < 0.6) ringOf[i] = s;
      }
      const a = (px - mid[0]) * ax + (py - mid[1]) * ay, b = (px - mid[0]) * up[0] + (py - mid[1]) * up[1];
      if (Math.abs(a) < span / 2 && Math.abs(b - bridge.height) <= band) { near = true; onBridge[i] = 1; }
      if (near) core[i] = smoothstep((line[i]! - KEEP_FROM) / KEEP_RAMP);
    }
  }
  // Which of those are the frame's. A frame lighter than the skin about it (a metal wire, a light
  // plastic on dark skin) keeps nothing darker than its surroundings: the band about a ring takes
  // the brows' lower edge and the shading down the nose's sides too. A dark frame keeps what is dark
  // or unlike skin in colour: its highlights, and the brows its top bar lies over (left out, a grainy print's
  // cat-eye bar came out broken where it crosses them), but not the creases under the eyes in the
  // band about clear lower rims (on the print, red-brown dashes). The bridge is kept whatever its shade
  // and colour: a light frame's is often dark (its pads, a metal bar), a dark frame's may be a gold
  // bar (without it, a fine frame read as two dark brows).
  const strong: number[] = [];
  for (let i = 0; i < rn; i++) if (core[i]! >= 1) strong.push(lighter[i]!);
  const light = strong.length > 0 && quantile(strong, 0.5) > 0;
  const frameLike = (i: number): boolean => {
    if (onBridge[i]) return true;
    if (light) return lighter[i]! >= 0;
    const p = ((roi.y + y0 + ((i / w) | 0)) * imageWidth + roi.x + (i % w)) * 3;
    const R = image[p]!, G = image[p + 1]!, B = image[p + 2]!, sum = R + G + B + 1;
    return 0.299 * R + 0.587 * G + 0.114 * B < DARK_FRAME * skinY || chromaDist2(skin, R / sum, G / sum) > UNLIKE_SKIN * UNLIKE_SKIN;
  };
  for (let i = 0; i < rn; i++) if (core[i]! > 0 && !frameLike(i)) core[i] = 0;
  const tinted = tintedLenses(image, imageWidth, roi, read, rings, core);
  const stack: number[] = [];
  for (let i = 0; i < rn; i++) if (core[i]! > 0.5) stack.push(i);
  flood8(stack, w, rh, (j) => {
    if (core[j]! > 0 || ringOf[j] === -1 || !usable(j) || brows[j]) return false;
    const v = frameLike(j) ? smoothstep((line[j]! - KEEP_FROM) / KEEP_RAMP) : 0;
    if (v <= 0) return false;
    core[j] = v;
    return v > 0.5;
  });
  // What lies between kept lines and is frame-like is frame too: a thick rim's inside, the gaps in a
  // dark bar (a rim kept by its two edges, or a bar in fragments, let the new skin show through it).
  const closed = close(above(core, 0.5), w, rh, Math.max(1, Math.round(CLOSE_GAPS * faceSize)));
  for (let i = 0; i < rn; i++) if (closed[i] && core[i]! <= 0.5 && usable(i) && frameLike(i)) core[i] = 1;
  dropSpecks(core, w, rh, Math.max(3, (SPECK * faceSize) ** 2));
  // Its edges softened, outward only: whether a pixel is frame-like is yes or no, and the frame came
  // out stair-stepped over the new skin. The target's own pixels along the edge are a mix of frame
  // and skin already; they are what is kept, in part. Not into the margin about the eyes (lashes),
  // which softened cost identity.
  const soft = Float32Array.from(core);
  gaussianBlur(soft, w, rh, Math.max(EDGE_MIN, EDGE * faceSize));
  for (let i = 0; i < rn; i++) if (soft[i]! > core[i]! && usable(i)) core[i] = Math.min(1, EDGE_GAIN * soft[i]!);
  const weight = new Float32Array(n);
  let pixels = 0;
  for (let i = 0; i < rn; i++) { weight[y0 * w + i] = core[i]!; if (core[i]! > 0.5) pixels++; }
  return { weight, pixels, tinted };
}

/** Clears the groups of pixels of `core` over 0 (8-connected) smaller than `min` pixels. */
function dropSpecks(core: Float32Array, w: number, h: number, min: number): void {
  const seen = new Uint8Array(core.length);
  const group: number[] = [];
  for (let i = 0; i < core.length; i++) {
    if (seen[i] || core[i]! <= 0) continue;
    group.length = 0;
    seen[i] = 1;
    const stack = [i];
    group.push(i);
    flood8(stack, w, h, (j) => {
      if (seen[j] || core[j]! <= 0) return false;
      seen[j] = 1; group.push(j);
      return true;
    });
    if (group.length < min) for (const j of group) core[j] = 0;
  }
}

/**
 * Sunglasses: a lens whose inside reads darker than TINTED of the face just outside its ring (both
 * clear of the eyes) is kept whole (`core`, band rows from y0), eyes and all. Kept by their rims
 * only, dark lenses took the new face's eyes inside them, clear glasses in a dark frame. Against the
 * face beside it, not the skin's mean: in a dark photo that mean is of the brighter skin (the darkest
 * is not read) and clear lenses read tinted.
 */
function tintedLenses(image: Uint8Array, imageWidth: number, roi: Roi, { y0, rh, up, usable }: Band, rings: [Ring, Ring], core: Float32Array): boolean {
  const w = roi.w, ax = -up[1], ay = up[0];
  let tinted = false;
  for (const ring of rings) {
    const e = ring.eye;
    const lens: number[] = [];
    let inY = 0, inN = 0, outY = 0, outN = 0;
    const reach = e.r * Math.max(REACH_ACROSS, REACH_ALONG) * RHO_MAX * OUTSIDE_TO;
    const x0 = Math.max(0, Math.floor(e.cx - reach - roi.x)), x1 = Math.min(w - 1, Math.ceil(e.cx + reach - roi.x));
    const ya = Math.max(0, Math.floor(e.cy - reach - roi.y - y0)), yb = Math.min(rh - 1, Math.ceil(e.cy + reach - roi.y - y0));
    for (let y = ya; y <= yb; y++) {
      for (let x = x0; x <= x1; x++) {
        const dx = roi.x + x - e.cx, dy = roi.y + y0 + y - e.cy;
        const u = (dx * ax + dy * ay) / (REACH_ACROSS * e.r), v = (dx * up[0] + dy * up[1]) / (REACH_ALONG * e.r);
        const r = Math.hypot(u, v) / ringRho(ring, Math.atan2(v, u));
        if (r >= OUTSIDE_TO) continue;
        const i = y * w + x;
        if (r < LENS_INSIDE) lens.push(i);
        if (!usable(i) || (r >= LENS_INSIDE && r < OUTSIDE_FROM)) continue;
        const p = ((roi.y + y0 + y) * imageWidth + roi.x + x) * 3;
        const Y = 0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]!;
        if (r < LENS_INSIDE) { inY += Y; inN++; } else { outY += Y; outN++; }
      }
    }
    if (inN === 0 || outN === 0 || inY / inN >= (TINTED * outY) / outN) continue;
    for (const i of lens) core[i] = 1;
    tinted = true;
  }
  return tinted;
}

/**
 * Takes the frame (`weight`, per ROI pixel) out of the blend's `alpha` and out of the `skin` the
 * light is judged on, and keeps the target's pixels under it: `restore` writes them back over the
 * blend (a multi-band blend lets a thin line's colour bleed in from the new face around it).
 */
export function keepFrame(image: Uint8Array, imageWidth: number, roi: Roi, weight: Float32Array, alpha: Float32Array, skin: Uint8Array): { restore: () => void } {
  const at: number[] = [];
  for (let i = 0; i < weight.length; i++) {
    const g = weight[i]!;
    if (g <= 0 || alpha[i]! <= 0) continue;
    alpha[i] = alpha[i]! * (1 - g);
    if (g > 0.2) skin[i] = 0;
    at.push(i);
  }
  const pos = Int32Array.from(at, (i) => ((roi.y + ((i / roi.w) | 0)) * imageWidth + roi.x + (i % roi.w)) * 3);
  const kept = new Uint8Array(pos.length * 3);
  pos.forEach((p, k) => { kept[3 * k] = image[p]!; kept[3 * k + 1] = image[p + 1]!; kept[3 * k + 2] = image[p + 2]!; });
  return {
    restore: () => pos.forEach((p, k) => {
      const g = weight[at[k]!]!;
      for (let c = 0; c < 3; c++) image[p + c] = Math.round(image[p + c]! + (kept[3 * k + c]! - image[p + c]!) * g);
    }),
  };
}
