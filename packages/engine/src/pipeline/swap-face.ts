// Swaps one source face onto one target face in place: warp → mask → relight (+ grain, see
// relight-pass.ts) → blend (blend.ts).
// All work is confined to the target face's region of interest, and only pixels inside the mask's
// support are written, so everything else stays bit-identical.
import type { RgbImage } from '../decode.ts';
import type { Face } from '../detect.ts';
import { faceRoi, flatDepths, flatPoints } from '../detect.ts';
import { loopUv, OUTER_LIP_LOOP, topology, TRI_FOREHEAD, TRI_OUTER, upward } from '../mesh/topology.ts';
import { dropIslands, linearStretch, mirrorOverrides, sampledFromTwin, stretchRatios } from '../mesh/mirror.ts';
import { noseProtrusion } from '../mesh/profile.ts';
import { MIN_CUT_TRIANGLES, offFrame } from '../mesh/off-frame.ts';
import { warpBuffers, warpTriangles, type Roi } from '../raster/warp.ts';
import { buildMasks, mouthOpenness, MOUTH_OPEN } from './mask.ts';
import { mouthCoveredIn, occlusionMask } from './occlusion.ts';
import { keepFrame } from './glasses-keep.ts';
import { glassesAndSource, turnedPastGlasses } from './glasses-off.ts';
import { blendDifferences } from './blend.ts';
import { reshapeContour } from './contour.ts';
import { handCover } from './hand-shape.ts';
import { sourceShapedPoints } from './source-shape.ts';
import { gateForehead } from './forehead.ts';
import { sharpenAmount, sharpenWarped } from './sharpen.ts';
import { defocus, focusBlur } from './focus.ts';
import { fadeStretched, STRETCH_FADE_FROM, STRETCH_FADE_MIN_YAW } from './stretch-fade.ts';
import { EVEN_LIGHT_MAX_YAW, evenSourceLight } from './even-light.ts';
import { relightDifferences } from './relight-pass.ts';
import { liftVeil, pupilBlack, veilOver } from './black-level.ts';
import { eyeWhiteLight, lightOf, whiteBalance, type EyeWhiteLight } from './sclera.ts';

export interface SwapFaceStats {
  roi: Roi;
  mirroredTriangles: number;
  mouthOpen: boolean;
  grainSigma: number;
  gains: [number, number, number];
  /** Number of pixels allowed to change (support size). */
  changedPixels: number;
  /** 1 for ROI pixels that may change (roi.w × roi.h). */
  support: Uint8Array;
  /** Pixels of the support kept from the target because something covers the face. */
  occludedPixels: number;
  /** Largest contour displacement (pixels) of the outline reshaping; 0 when not applied. */
  reshapedBy: number;
  /** Largest landmark displacement (pixels) toward the source's own proportions. */
  shapedBy: number;
  /** Triangles left to the target because the source shows them edge-on. */
  unseenTriangles: number;
  /** The source head is seen side-on: its eyes and midline were left to the target. */
  sideOn: boolean;
  /** Unsharp amount given to a source face smaller than the target's (0: none, see sharpen.ts). */
  sharpened: number;
  /** Gaussian sigma (pixels) the source was blurred by to match a target out of focus (0: none, see focus.ts). */
  defocused: number;
  /** Largest brightness factor that evened the source's light across the midline (1: none, see even-light.ts). */
  evenedBy: number;
  /** Forehead pixels (brows up) swapped: bare skin in both faces (see forehead.ts). */
  foreheadPixels: number;
  /** The source's mouth is covered (a scarf, a mask): its lower face was left to the target. */
  sourceCovered: boolean;
  /** A hand against the source face covers part of it (see hands.ts): that part was left to the target. */
  sourceHand: boolean;
  /** Part of the source face lies beyond its photo's edge: it came from its mirror side or the target (see off-frame.ts). */
  sourcePartial: boolean;
  /** Pixels of the target's glasses frame kept over the new face (see glasses.ts); 0 when it wears none. */
  glassesPixels: number;
  /** The face photo's glasses were taken off for a target turned far from it, which wears none (see glasses-off.ts). */
  glassesLeftOff: boolean;
  /** The blend weight of every ROI pixel (0..1, after occluders). */
  alpha: Float32Array;
  /** 1 for ROI pixels of skin the light and grain were judged on. */
  skin: Uint8Array;
}

export interface SwapFaceOptions {
  /** Outline reshaping strength 0..1 (step 7); 0 keeps the target's contour. */
  reshape?: number;
  /** How far the inner face takes the source's proportions instead of the target's, 0..1. */
  sourceShape?: number;
  /** Restore the target's grain on a source face smaller than it (default true; off when the caller adds it at a finer scale). */
  grain?: boolean;
  /** Sharpen a source face smaller than the target's (default true; see sharpen.ts). */
  sharpen?: boolean;
  /** Even the source's light across the face's midline (default true; see even-light.ts). */
  evenLight?: boolean;
  /**
   * The face size the source's detail is worth (default its size; see face-blur.ts): a blurred
   * face is sharpened and given the target's grain as a face that small would be.
   */
  sourceSharpSize?: number;
  /**
   * The two faces' blur, each as a share of its face's size (see focus.ts): a target softer than
   * the source has the warped source blurred to match (default: none).
   */
  focus?: { source: number; target: number };
  /** The source's light as read on `src` (see faceLight): read here when absent. */
  sourceLight?: FaceLight;
  /** Keep the glasses the target face wears over the new face (default true; see glasses.ts). */
  keepGlasses?: boolean;
  /** The target's eyes lie behind sunglasses found on it at full resolution (see work-scale.ts): their light is not read. */
  targetBehindTint?: boolean;
  /** The source photo with its face's glasses taken off (see glasses-off.ts), null when it wears none: asked only of a target that wears glasses; read here when absent. */
  sourceWithoutGlasses?: () => RgbImage | null;
}

/** A face's black and white references in its photo: its pupils' black (see black-level.ts) and its eye whites (see sclera.ts). */
export interface FaceLight { black: number | null; whites: EyeWhiteLight | null }

export function faceLight(img: RgbImage, face: Face): FaceLight {
  return { black: pupilBlack(img, face), whites: eyeWhiteLight(img, face) };
}

/** Head turns beyond which the outline is left alone (the jaw line is then a silhouette, not a contour). */
const RESHAPE_MAX_YAW = 25;

/** Largest stretch of a source triangle's share of the face onto the target's (see stretchRatios); beyond it the target keeps its own pixels. */
const MAX_STRETCH = 20;

/**
 * A source head is side-on when its nose tip stands outside its face outline (see noseProtrusion) and
 * the target is turned at least PROFILE_YAW_DIFF degrees less: its midline is then a silhouette, its
 * far eye hidden and its near eye foreshortened, and both are left to the target (see
 * Topology.sideOnHidden).
 */
const PROFILE_YAW_DIFF = 25;

/** The warp's arrays, reused by every swap in the process (see scratch.ts): nothing a swap returns holds them. */
const warpInto = warpBuffers();

/** How many of the flagged triangles the mask would show, forehead left out. */
function shownOf(triClass: Uint8Array, flagged: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flagged.length; k++) if (flagged[k] && triClass[k] !== TRI_OUTER && triClass[k] !== TRI_FOREHEAD) count++;
  return count;
}

/** Marks the flagged triangles as outside the mask (the target keeps its pixels); returns how many changed. */
function leaveToTarget(triClass: Uint8Array, flagged: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flagged.length; k++) if (flagged[k] && triClass[k] !== TRI_OUTER) { triClass[k] = TRI_OUTER; count++; }
  return count;
}

/** Halfway between the nose tip (4) and the lower lids' middle (145, 374). */
function midNose(pts: Float32Array): [number, number] {
  const at = (c: number) => (pts[2 * 4 + c]! + (pts[2 * 145 + c]! + pts[2 * 374 + c]!) / 2) / 2;
  return [at(0), at(1)];
}

export type StageTimer = (stage: string, ms: number) => void;

/**
 * Step 7 on `out` (see contour.ts): moves the target's jaw toward the source's around `dstFace`,
 * and `dstPts` (its flat points) with it; returns the largest displacement in pixels. Frontal heads
 * only (turned beyond RESHAPE_MAX_YAW the jaw line is a silhouette), and never where a mouth is
 * covered: the contour found under a scarf is the cover's, which reshaping bent into a wave (onto
 * 014) or took for the source's jaw. Nor for a source face cut by its photo's edge, whose jaw there
 * the mesh model only guessed.
 */
export function reshapeTarget(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, dstPts: Float32Array, strength: number, timer: StageTimer): number {
  if (strength <= 0 || srcFace.partial || Math.abs(srcFace.rotation.yaw) >= RESHAPE_MAX_YAW || Math.abs(dstFace.rotation.yaw) >= RESHAPE_MAX_YAW) return 0;
  const t = performance.now();
  const roi = faceRoi(dstFace, out.width, out.height);
  const srcPts = flatPoints(srcFace);
  let moved = 0;
  if (!mouthCoveredIn(out.data, out.width, roi, dstPts) && !mouthCoveredIn(src.data, src.width, faceRoi(srcFace, src.width, src.height), srcPts)) {
    moved = reshapeContour(out, roi, dstPts, srcPts, dstFace.size, { strength });
  }
  timer('reshape', performance.now() - t);
  return moved;
}

export function swapOneFace(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, timer: StageTimer, seed: number, opts: SwapFaceOptions = {}): SwapFaceStats {
  const topo = topology();
  const srcPts = flatPoints(srcFace);
  const dstPts = flatPoints(dstFace);
  const roi = faceRoi(dstFace, out.width, out.height);
  const { w, h } = roi;
  const n = w * h;
  const faceSize = dstFace.size;
  const od = out.data, ow = out.width;

  const reshapedBy = reshapeTarget(src, srcFace, out, dstFace, dstPts, opts.reshape ?? 0, timer);
  let t = performance.now();
  // Glasses the target wears stay on the new face (see glasses.ts); the source's, if it wears any,
  // come off first, or the new face wore two pairs (see glasses-off.ts).
  const { glasses, from, leftOff } = glassesAndSource(out, roi, dstPts, faceSize, src, srcFace, opts.keepGlasses !== false, opts.sourceWithoutGlasses, turnedPastGlasses(srcFace, dstFace));
  timer('glasses', performance.now() - t);
  t = performance.now();
  const mouthOpen = mouthOpenness(dstPts) > MOUTH_OPEN;
  const shaped = sourceShapedPoints(srcFace, dstFace, dstPts, opts.sourceShape ?? 0, mouthOpen);
  const placed = shaped.pts;
  const yawDiff = srcFace.rotation.yaw - dstFace.rotation.yaw;
  const mirror = mirrorOverrides(srcPts, placed, topo.uv, topo.mirror, topo.triangles, yawDiff, { sourceYaw: srcFace.rotation.yaw });
  // What lies beyond the source photo's edge takes its twin, or the target's pixels (see off-frame.ts).
  const cut = offFrame(srcPts, topo, src.width, src.height, mirror?.override ?? null);
  const override = cut.override;
  // What the source shows edge-on would be stretched from a sliver: those triangles keep the target's pixels.
  const triClass = Uint8Array.from(topo.triClass);
  const ratio = stretchRatios(srcPts, placed, topo.triangles, override);
  const stretched = dropIslands(Uint8Array.from(ratio, (r) => (r > MAX_STRETCH ? 1 : 0)), topo.neighbours, topo.triClass);
  // The user is told when what the mask shows was cut by as much as a half is mirrored for: a
  // sliver of outline at the edge is not worth a word.
  const cutShown = shownOf(triClass, cut.unseen) + shownOf(triClass, cut.twinned);
  let unseen = leaveToTarget(triClass, stretched) + leaveToTarget(triClass, cut.unseen);
  // A head seen side-on shows its eyes and midline edge-on, and the mesh (which under-reads such
  // turns) spreads them over a frontal face: a white almond or a dark hollow for an eye, the wall
  // behind for the ridge. Such a source leaves those to the target.
  const sideOn = noseProtrusion(srcPts, srcFace.size) > 0 && Math.abs(yawDiff) >= PROFILE_YAW_DIFF;
  if (sideOn) unseen += leaveToTarget(triClass, topo.sideOnHidden);
  // The target's depths order overlapping triangles (the nose over the far cheek of a turned head).
  const warp = { srcPts, dstPts: placed, dstZ: flatDepths(dstFace), triangles: topo.triangles, triClass, ...(override ? { srcOverride: override } : {}) };
  const warped = warpTriangles({ ...warp, src: from, roi, buffers: warpInto });
  const W = warped.rgb, cover = warped.cover;
  // A source seen through haze has its veil taken off first, one onto a hazy photo takes its veil (see black-level.ts).
  // Behind sunglasses the target's pupils and eye whites cannot be read: its light is left unread.
  const srcLight = opts.sourceLight ?? faceLight(src, srcFace), dstLight = glasses?.tinted || opts.targetBehindTint ? { black: null, whites: null } : faceLight(out, dstFace);
  const veil = veilOver(srcLight.black, dstLight.black);
  if (veil !== 0) liftVeil(W, srcLight.black!, veil);
  // A source under a coloured light is brought to white (see sclera.ts).
  const whites = { src: srcLight.whites, dst: dstLight.whites };
  const wb = whiteBalance(whites.src?.tint ?? null);
  if (wb.some((v) => v !== 1)) for (let c = 0; c < 3; c++) for (let i = c * n; i < (c + 1) * n; i++) W[i]! *= wb[c]!;
  // A turned head's far side, sampled from its mirror twins, is relit apart (see relight.ts). A half
  // mirrored for being off the photo is not: it is a copy of the photo's light of the other half,
  // and its own gain there left a step along the midline.
  const fromTwin = mirror ? Uint8Array.from(warped.triangle, (t) => (t >= 0 && sampledFromTwin(mirror.override, t) ? 1 : 0)) : null;
  const detail = Math.min(srcFace.size, opts.sourceSharpSize ?? srcFace.size);
  // A target out of focus takes the source as soft as itself, unsharpened (see focus.ts).
  const defocused = opts.focus ? focusBlur(opts.focus.source, opts.focus.target, faceSize) : 0;
  if (defocused > 0) defocus(W, cover, w, h, defocused);
  const sharpened = opts.sharpen === false || defocused > 0 ? 0 : sharpenAmount(srcFace.size, faceSize, detail);
  sharpenWarped(W, cover, w, h, faceSize / detail, sharpened);
  const evened = opts.evenLight !== false && Math.abs(dstFace.rotation.yaw) < EVEN_LIGHT_MAX_YAW && Math.abs(srcFace.rotation.yaw) < EVEN_LIGHT_MAX_YAW
    ? evenSourceLight(W, cover, roi, [dstPts[2 * 10]! - roi.x, dstPts[2 * 10 + 1]! - roi.y], [dstPts[2 * 152]! - roi.x, dstPts[2 * 152 + 1]! - roi.y], faceSize, { image: od, width: ow })
    : null;
  timer('warp', performance.now() - t);

  t = performance.now();
  const up = upward(dstPts);
  const gate = gateForehead(od, ow, roi, W, cover, faceSize, placed, up);
  const masks = buildMasks(cover, roi, faceSize, mouthOpen, gate.targetHair);
  const alpha = masks.alpha, support = masks.support;
  if (Math.abs(yawDiff) >= STRETCH_FADE_MIN_YAW) {
    const linear = linearStretch(srcPts, placed, topo.triangles, override);
    const fading = dropIslands(Uint8Array.from(linear, (r) => (r > STRETCH_FADE_FROM ? 1 : 0)), topo.neighbours, topo.triClass);
    fadeStretched(alpha, masks.skin, warped.triangle, linear, fading, roi, faceSize);
  }
  // Hands against either face are kept from the target like any other cover (see hands.ts).
  const hands = handCover(roi, dstFace.hands ?? [], srcFace.hands ?? [], srcFace.size, warp);
  const { weight: occ, sourceCovered } = occlusionMask(od, ow, roi, W, cover, faceSize, { lipsTarget: loopUv(dstPts, OUTER_LIP_LOOP), lipsSource: loopUv(placed, OUTER_LIP_LOOP), midNose: midNose(dstPts), down: [-up[0], -up[1]] }, hands.plane);
  let occluded = 0;
  if (occ) {
    for (let i = 0; i < n; i++) {
      const o = occ[i]!;
      if (o <= 0) continue;
      alpha[i] = alpha[i]! * (1 - o);
      if (o > 0.2) { masks.skin[i] = 0; if (support[i]) occluded++; }
    }
  }
  // The target's glasses are written back over the blend.
  const frame = glasses ? keepFrame(od, ow, roi, glasses.weight, alpha, masks.skin) : null;
  timer('mask', performance.now() - t);

  t = performance.now();
  // Its eyes and teeth then take the target's light, from white.
  const cast = lightOf(whites.dst?.tint ?? null);
  const exposure = whites.src && whites.dst ? whites.dst.luma / whites.src.luma : 1;
  const lit = relightDifferences({ warped: W, fromTwin, target: out, roi, alpha, skin: masks.skin, faceSize, sourceSize: detail, placed, dstPts, up, grain: opts.grain !== false, seed, featureCast: cast, featureExposure: exposure });
  timer('relight', performance.now() - t);

  t = performance.now();
  const changed = blendDifferences(out, roi, W, lit.small, lit.grid, alpha, support, faceSize);
  if (frame) frame.restore();
  timer('blend', performance.now() - t);
  return { roi, mirroredTriangles: (mirror?.mirrored ?? 0) + cut.mirrored, mouthOpen, grainSigma: lit.grainSigma, gains: lit.gains, changedPixels: changed, support, occludedPixels: occluded, reshapedBy, shapedBy: shaped.maxShift, unseenTriangles: unseen, sideOn, sharpened, defocused, evenedBy: evened ?? 1, foreheadPixels: gate.swapped, sourceCovered, sourceHand: hands.fromSource > 0, sourcePartial: cutShown >= MIN_CUT_TRIANGLES, glassesPixels: glasses?.pixels ?? 0, glassesLeftOff: leftOff, alpha, skin: masks.skin };
}
