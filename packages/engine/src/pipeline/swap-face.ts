// Swaps one source face onto one target face in place: warp → mask → relight (+ grain) → blend.
// All work is confined to the target face's region of interest, and only pixels inside the mask's
// support are written, so everything else stays bit-identical.
import type { RgbImage } from '../decode.ts';
import type { Face } from '../detect.ts';
import { flatDepths, flatPoints } from '../detect.ts';
import { loopUv, OUTER_LIP_LOOP, topology, TRI_OUTER } from '../mesh/topology.ts';
import { dropIslands, mirrorOverrides, stretchRatios } from '../mesh/mirror.ts';
import { noseProtrusion } from '../mesh/profile.ts';
import { warpTriangles, type Roi } from '../raster/warp.ts';
import { boxDown, gridFor, lookup, type Lookup } from '../raster/resample.ts';
import { buildMasks, featureWeight, lipWeight, mouthOpenness, MOUTH_OPEN } from './mask.ts';
import { estimateGains, FOREHEAD_SIGMA, gainField, liftForehead, lumaGains, sampleSkin, splitSkin, TONE_SIGMA, toneField } from './relight.ts';
import { mouthCoveredIn, occlusionMask } from './occlusion.ts';
import { grainSigma, NOISE_TILE, noiseTile, planarLevel, targetLevel } from './grain.ts';
import { pyramidBlendDiff, pyramidLevels } from './blend.ts';
import { reshapeContour } from './contour.ts';
import { handCover } from './hand-shape.ts';
import { sourceShapedPoints } from './source-shape.ts';
import { gateForehead } from './forehead.ts';
import { sharpenAmount, sharpenWarped } from './sharpen.ts';
import { fadeStretched, STRETCH_FADE_FROM, STRETCH_FADE_MIN_YAW } from './stretch-fade.ts';
import { EVEN_LIGHT_MAX_YAW, evenSourceLight } from './even-light.ts';
import { luma } from './skin-model.ts';
import { smoothstep } from '../raster/ramp.ts';
import { RatioHistogram, relitLevels, rollOff } from './highlights.ts';

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
  /** Largest brightness factor that evened the source's light across the midline (1: none, see even-light.ts). */
  evenedBy: number;
  /** Forehead pixels (brows up) swapped: bare skin in both faces (see forehead.ts). */
  foreheadPixels: number;
  /** The source's mouth is covered (a scarf, a mask): its lower face was left to the target. */
  sourceCovered: boolean;
  /** A hand against the source face covers part of it (see hands.ts): that part was left to the target. */
  sourceHand: boolean;
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

/** Level above which relit values roll off smoothly toward 255. */
const KNEE = 215;
/**
 * Bounds on a channel's gain relative to the brightness gain. Within them the skin takes the target's
 * whole tone, so the face matches the neck, ears and hands around it: half the shift (kept once for
 * identity) left a light face on a dark body and a dark one on a light body, and over the fixtures it
 * no longer changed identity (111/176 with half, 110/177 with the whole shift). They were 0.8–1.25
 * until the tone became local (see toneField): a pale face on the deep orange-brown 009 wanted blue
 * at ~0.65 and stayed ashen; at 0.6–1.6 nothing over the fixtures changed identity.
 */
const CHROMA_MIN = 0.6, CHROMA_MAX = 1.6;
/**
 * Largest excess of green over red, relative to luminance, of a source pixel over the source skin's
 * mean tint. Skin is never greener than itself: a green cast on part of a face is light from its
 * surroundings (008's green-lit right cheek, 015's green backdrop), and brightened onto a paler
 * face it showed as a yellow-green streak or olive patches. Beyond the bound a pixel's own colour
 * difference is drawn back toward the skin's mean tint. Over the fixtures, 99% of a source's skin
 * pixels lie within 0.09–0.21 of its mean (0.28 for 008, whose streak reaches 0.71).
 */
const MAX_GREEN_EXCESS = 0.1;
/**
 * Least factor on a skin pixel's colour departure from the source skin's mean tint (relative to
 * luminance). A face is recoloured by per-channel gains, which keep each pixel's departure as it was
 * while a paler skin's own tint shrinks: 003's creases, redder than its orange skin, came out as
 * red-brown cracks on 007's pale pink face: their colour per unit of darkness (the bench's crease
 * colour) was 0.59, against 0.39 in 003 itself and 0.34 in 007's own creases; 0.21 now. The
 * departure is scaled by the target skin's tint length over the source's (0.42–1 over the fixtures'
 * pairs with a colour target; never above 1, so a dark source's JPEG colour noise is not
 * amplified). The floor keeps some of the source's colour variation on a nearly grey target.
 */
const SATURATION_MIN = 0.25;
/** Length of the source skin's relative tint (see swapOneFace) below which every pixel takes the whole skin-tone shift. */
const MIN_TINT = 0.02;

/** Marks the flagged triangles as outside the mask (the target keeps its pixels); returns how many changed. */
function leaveToTarget(triClass: Uint8Array, flagged: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flagged.length; k++) if (flagged[k] && triClass[k] !== TRI_OUTER) { triClass[k] = TRI_OUTER; count++; }
  return count;
}

/** The face's upward direction in the image (chin 152 to forehead top 10), normalised. */
function upward(pts: Float32Array): [number, number] {
  const dx = pts[2 * 10]! - pts[2 * 152]!, dy = pts[2 * 10 + 1]! - pts[2 * 152 + 1]!;
  const len = Math.hypot(dx, dy) || 1;
  return [dx / len, dy / len];
}

/** Halfway between the nose tip (4) and the lower lids' middle (145, 374). */
function midNose(pts: Float32Array): [number, number] {
  const at = (c: number) => (pts[2 * 4 + c]! + (pts[2 * 145 + c]! + pts[2 * 374 + c]!) / 2) / 2;
  return [at(0), at(1)];
}

/** How far up the face the forehead's own light field takes over fully, from the brows' top (fraction of the face size). */
const FOREHEAD_RISE = 0.08;

/** The brows' top middle (105, 334) along `up`, in ROI pixel coordinates. */
function browTopAlongUp(pts: Float32Array, roi: Roi, up: readonly [number, number]): number {
  const x = (pts[2 * 105]! + pts[2 * 334]!) / 2 - roi.x, y = (pts[2 * 105 + 1]! + pts[2 * 334 + 1]!) / 2 - roi.y;
  return x * up[0] + y * up[1];
}

/**
 * The target skin's highlight ceiling (see highlights.ts): its brightness against the light field's
 * level, over every other skin pixel each way outside the eyes and lips.
 */
function highlightCeiling(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, featW: Float32Array, lx: Lookup, ly: Lookup, fieldW: number, levelOf: (i: number) => Float32Array): number {
  const hist = new RatioHistogram();
  const { w, h } = roi;
  for (let y = 0; y < h; y += 2) {
    const r0 = ly.i0[y]! * fieldW, r1 = ly.i1[y]! * fieldW, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (!skin[i] || featW[i]! > 0) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const lv = levelOf(i);
      const L = lv[r0 + a]! * ux * uy + lv[r0 + b]! * tx * uy + lv[r1 + a]! * ux * ty + lv[r1 + b]! * tx * ty;
      const p = ((roi.y + y) * imageWidth + roi.x + x) * 3;
      hist.add((0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]! + 1) / L);
    }
  }
  return hist.ceiling();
}

/** A mean colour's tint relative to its luminance, (c − Y) / (Y + 1) per channel. */
function relativeTint(mean: readonly number[]): number[] {
  const Y = luma(mean);
  return mean.map((v) => (v - Y) / (Y + 1));
}

/** Mean colour with no tint to speak of: a black-and-white photo. */
function isGrey(mean: readonly number[]): boolean {
  return Math.max(...mean) <= 1.03 * Math.min(...mean) + 1;
}

/** Bounds on the light change applied to the eye openings and lips. */
const FEATURE_GAIN_MIN = 0.8, FEATURE_GAIN_MAX = 1.25;
/**
 * Largest factor applied to a pixel's own colour difference from grey when brightening; beyond it the
 * source skin's mean tint carries the colour, so a brightened dark face keeps its saturation.
 */
const CHROMA_BOOST = 1.3;

export type StageTimer = (stage: string, ms: number) => void;

/** Region of interest: the target face's landmark box grown by `margin` of its size, clipped. */
export function faceRoi(face: Face, width: number, height: number, margin = 0.12): Roi {
  const m = margin * face.size;
  const x0 = Math.max(0, Math.floor(face.box.x - m));
  const y0 = Math.max(0, Math.floor(face.box.y - m));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width + m) + 1);
  const y1 = Math.min(height, Math.ceil(face.box.y + face.box.height + m) + 1);
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}

/**
 * Step 7 on `out` (see contour.ts): moves the target's jaw toward the source's around `dstFace`,
 * and `dstPts` (its flat points) with it; returns the largest displacement in pixels. Frontal heads
 * only (turned beyond RESHAPE_MAX_YAW the jaw line is a silhouette), and never where a mouth is
 * covered: the contour found under a scarf is the cover's, which reshaping bent into a wave (onto
 * 014) or took for the source's jaw.
 */
export function reshapeTarget(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, dstPts: Float32Array, strength: number, timer: StageTimer): number {
  if (strength <= 0 || Math.abs(srcFace.rotation.yaw) >= RESHAPE_MAX_YAW || Math.abs(dstFace.rotation.yaw) >= RESHAPE_MAX_YAW) return 0;
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
  const mouthOpen = mouthOpenness(dstPts) > MOUTH_OPEN;
  const shaped = sourceShapedPoints(srcFace, dstFace, dstPts, opts.sourceShape ?? 0, mouthOpen);
  const placed = shaped.pts;
  const yawDiff = srcFace.rotation.yaw - dstFace.rotation.yaw;
  const mirror = mirrorOverrides(srcPts, placed, topo.uv, topo.mirror, topo.triangles, yawDiff, { sourceYaw: srcFace.rotation.yaw });
  // What the source shows edge-on would be stretched from a sliver: those triangles keep the target's pixels.
  const triClass = Uint8Array.from(topo.triClass);
  const ratio = stretchRatios(srcPts, placed, topo.triangles, mirror?.override ?? null);
  const stretched = dropIslands(Uint8Array.from(ratio, (r) => (r > MAX_STRETCH ? 1 : 0)), topo.neighbours, topo.triClass);
  let unseen = leaveToTarget(triClass, stretched);
  // A head seen side-on shows its eyes and midline edge-on, and the mesh (which under-reads such
  // turns) spreads them over a frontal face: a white almond or a dark hollow for an eye, the wall
  // behind for the ridge. Such a source leaves those to the target.
  const sideOn = noseProtrusion(srcPts, srcFace.size) > 0 && Math.abs(yawDiff) >= PROFILE_YAW_DIFF;
  if (sideOn) unseen += leaveToTarget(triClass, topo.sideOnHidden);
  // The target's depths order overlapping triangles (the nose over the far cheek of a turned head).
  const warp = { srcPts, dstPts: placed, dstZ: flatDepths(dstFace), triangles: topo.triangles, triClass, ...(mirror ? { srcOverride: mirror.override } : {}) };
  const warped = warpTriangles({ ...warp, src, roi });
  const W = warped.rgb, cover = warped.cover;
  const sharpened = opts.sharpen === false ? 0 : sharpenAmount(srcFace.size, faceSize);
  sharpenWarped(W, cover, w, h, faceSize / srcFace.size, sharpened);
  const evenedBy = opts.evenLight !== false && Math.abs(dstFace.rotation.yaw) < EVEN_LIGHT_MAX_YAW && Math.abs(srcFace.rotation.yaw) < EVEN_LIGHT_MAX_YAW
    ? evenSourceLight(W, cover, roi, [dstPts[2 * 10]! - roi.x, dstPts[2 * 10 + 1]! - roi.y], [dstPts[2 * 152]! - roi.x, dstPts[2 * 152 + 1]! - roi.y], faceSize, { image: od, width: ow })
    : 1;
  timer('warp', performance.now() - t);

  t = performance.now();
  const up = upward(dstPts);
  const gate = gateForehead(od, ow, roi, W, cover, faceSize, placed, up);
  const masks = buildMasks(cover, roi, faceSize, mouthOpen, gate.targetHair);
  const alpha = masks.alpha, support = masks.support;
  if (Math.abs(yawDiff) >= STRETCH_FADE_MIN_YAW) {
    const fading = dropIslands(Uint8Array.from(ratio, (r) => (r > STRETCH_FADE_FROM ? 1 : 0)), topo.neighbours, topo.triClass);
    fadeStretched(alpha, masks.skin, warped.triangle, ratio, fading, roi, faceSize, MAX_STRETCH);
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
  timer('mask', performance.now() - t);

  t = performance.now();
  // Mirrored triangles come from the other side of the source's face, lit otherwise (a lit cheek
  // mirrored beside a shaded one showed as hard-edged light patches): they take a light field of
  // their own, so both meet the target's light.
  const twin = splitSkin(masks.skin, warped.fromTwin);
  // One pass over the skin serves both the face's light field and the forehead's (see below).
  const lit = sampleSkin(W, od, ow, roi, twin ? twin.own : masks.skin, faceSize);
  const field = gainField(lit, faceSize);
  const twinField = twin ? estimateGains(W, od, ow, roi, twin.twin, faceSize) : null;
  const twinGain = twinField ? lumaGains(twinField) : null;
  const fromTwin = twinGain ? warped.fromTwin : null;
  const gGlobal = luma(field.global);
  // Grain: only when the source face is smaller (so softer) than the face it replaces.
  let sigma = 0;
  if (opts.grain !== false && srcFace.size < 0.9 * faceSize) {
    sigma = grainSigma(targetLevel(od, ow, roi, masks.skin), planarLevel(W, w, h, masks.skin) * gGlobal);
  }
  // Fused full-resolution pass: relight (+ grain) each warped pixel, turn it into the difference
  // from the target, and box-average that difference onto the blend's coarse grid.
  const k = faceSize > 360 ? 4 : faceSize > 160 ? 2 : 1;
  const g = gridFor(w, h, k), gn = g.w * g.h;
  const dSmall = new Float32Array(3 * gn);
  const lx = lookup(w, field.w, field.k), ly = lookup(h, field.h, field.k);
  // Light varies across a face, colour casts hardly do: the brightness gain is local, the colour
  // shift global (local colour ratios paint blotches where the two faces' shading differs).
  const lumGain = lumaGains(field);
  // The forehead (from the brows' top up, over FOREHEAD_RISE) also answers to a light field of its own.
  const fine = lumaGains(gainField(lit, faceSize, FOREHEAD_SIGMA));
  const browTop = browTopAlongUp(dstPts, roi, up);
  const rise = FOREHEAD_RISE * faceSize;
  liftForehead(lumGain, fine, field, (x, y) => smoothstep((x * up[0] + y * up[1] - browTop) / rise));
  const greyTarget = isGrey(field.targetMean);
  const greySource = !greyTarget && isGrey(field.sourceMean);
  // The skin-tone shift, per cell of the light field's grid: the face's own (a black-and-white
  // target gets a black-and-white face) and its variation across the target's skin (see toneField).
  const chroma = field.global.map((v) => (greyTarget ? 1 : Math.min(CHROMA_MAX, Math.max(CHROMA_MIN, v / gGlobal))));
  const tone = toneField(gainField(lit, faceSize, TONE_SIGMA), chroma, CHROMA_MIN, CHROMA_MAX, greyTarget);
  const fgn = field.w * field.h;
  // The eyes and the mouth's opening (teeth) keep their own colour: a skin-tone shift, largely the
  // two skins' difference, tinted eye whites blue and turned teeth orange on a tanned face. The lips
  // take the skin's whole shift: kept apart, they turned lavender beside an orange-tinged face (001
  // onto 003) and stayed pink on a brown one. A black-and-white source's features have no colour of
  // their own: they take the skin's tint too.
  const featuresKeepColour = !greySource;
  const chromaBoost = greyTarget ? 0 : CHROMA_BOOST;
  const featW = featureWeight(placed, roi, faceSize);
  const lipW = featuresKeepColour ? lipWeight(placed, roi, faceSize) : null;
  // The source skin's mean colour relative to its luminance, (c − Y) / (Y + 1): the tint a strong
  // brightening adds back (see the relight loop); none on a black-and-white target.
  const srcTint = relativeTint(field.sourceMean);
  const tint = Float64Array.from(srcTint, (v) => (chromaBoost > 0 ? v : 0));
  // The skin-tone shift is a gain per channel fitted on the skin's colour. A pixel far whiter than
  // the skin (a sheen, which has the light's colour, not the skin's) took it whole and
  // turned blue-white on a dark source brightened onto a paler face (009 onto 012: its brightest 2%
  // at B − R = +26). Where the shift cools (blue gains on red), each pixel takes it in proportion
  // to how much of the skin's tint it has; where it warms (a pale face on a darker one), every
  // pixel takes it whole, or a sheen left out of it showed as a grey-blue spot (001 onto 008).
  const tintLen = greySource ? 0 : Math.hypot(srcTint[0]!, srcTint[1]!, srcTint[2]!);
  // How far each skin pixel's own colour departs from the source skin's mean tint is scaled by the
  // two skins' saturations (see SATURATION_MIN): the new face's creases and blotches are as colourful
  // against its skin as the source's were against its own.
  const tgtTintLen = Math.hypot(...relativeTint(field.targetMean));
  const rhoSkin = tintLen > MIN_TINT ? Math.min(1, Math.max(SATURATION_MIN, tgtTintLen / tintLen)) : 1;
  // The light field's level at each pixel, and the target skin's highlight ceiling against it.
  const level = relitLevels(field.sourceLuma, lumGain);
  const twinLevel = twinField ? relitLevels(twinField.sourceLuma, twinGain!) : null;
  const ceiling = highlightCeiling(od, ow, roi, masks.skin, featW, lx, ly, field.w, (i) => (twinLevel && fromTwin![i] ? twinLevel : level));
  const noise = noiseTile();
  const nox = seed & 0xff, noy = (seed >>> 8) & 0xff;
  const cellX = new Int32Array(w);
  for (let x = 0; x < w; x++) cellX[x] = (x / k) | 0;
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * field.w, r1 = ly.i1[y]! * field.w, ty = ly.t[y]!, uy = 1 - ty;
    const cellRow = ((y / k) | 0) * g.w;
    const trow = ((y + noy) & (NOISE_TILE - 1)) * NOISE_TILE;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < w; x++, p += 3) {
      const i = y * w + x;
      // Where the target keeps its pixels (outside the mask, a hidden strip, an occluder) the
      // difference is zero: the blend's coarse bands would otherwise carry what the source shows
      // there (a wall, a camera, a scarf) into the skin around it as a dark or light halo.
      if (alpha[i] === 0) { W[i] = 0; W[n + i] = 0; W[2 * n + i] = 0; continue; }
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      const nz = sigma > 0 ? noise[trow + ((x + nox) & (NOISE_TILE - 1))]! * sigma : 0;
      const cell = cellRow + cellX[x]!;
      const lg = fromTwin && fromTwin[i] ? twinGain! : lumGain;
      const gL = lg[i00]! * w00 + lg[i01]! * w01 + lg[i10]! * w10 + lg[i11]! * w11;
      // Eyes and lips follow the light change only halfway (in log space) and within bounds, so a
      // dark source's eyes are not blown out to white on a pale target; skin takes the full change.
      // The two blend over a feathered edge.
      const fw = featW[i]!;
      const g = fw > 0 ? gL + (Math.min(FEATURE_GAIN_MAX, Math.max(FEATURE_GAIN_MIN, Math.sqrt(gL))) - gL) * fw : gL;
      // Brighten luminance by the full gain and each pixel's own colour differences by at most
      // CHROMA_BOOST: a dark source brightened 2-3× would otherwise turn its JPEG colour noise (and
      // a coloured light's casts) into blotches. The rest of the gain adds the skin's mean tint, so
      // the face keeps its saturation instead of turning grey.
      const w0 = W[i]!, w1 = W[n + i]!, w2 = W[2 * n + i]!;
      const Y = 0.299 * w0 + 0.587 * w1 + 0.114 * w2;
      let Yn = (Y + 1) * g - 1 + nz;
      // Highlights beyond the target's own roll off toward them (see highlights.ts); eyes keep theirs.
      let fq = 1;
      if (fw < 1) {
        const lv = fromTwin && fromTwin[i] ? twinLevel! : level;
        const q = (Yn + 1) / (lv[i00]! * w00 + lv[i01]! * w01 + lv[i10]! * w10 + lv[i11]! * w11);
        if (q > ceiling) { fq = 1 + (rollOff(q, ceiling) / q - 1) * (1 - fw); Yn = (Yn + 1) * fq - 1; }
      }
      const cs = g < chromaBoost ? g : chromaBoost;
      const extra = g > chromaBoost ? (g - chromaBoost) * Y : 0;
      let tinted = 1;
      // The pixel's own colour differences, relative to its luminance (for the two tests below).
      const inv = 1 / (Y + 1);
      const d0 = w0 - Y, d1 = w1 - Y, d2 = w2 - Y;
      const k0 = tone[i00]! * w00 + tone[i01]! * w01 + tone[i10]! * w10 + tone[i11]! * w11;
      const k1 = tone[fgn + i00]! * w00 + tone[fgn + i01]! * w01 + tone[fgn + i10]! * w10 + tone[fgn + i11]! * w11;
      const k2 = tone[2 * fgn + i00]! * w00 + tone[2 * fgn + i01]! * w01 + tone[2 * fgn + i10]! * w10 + tone[2 * fgn + i11]! * w11;
      if (tintLen > MIN_TINT && k2 > k0) {
        const rel = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) * inv;
        if (rel < tintLen) tinted = rel / tintLen;
      }
      // A pixel greener than the source skin's mean tint by more than MAX_GREEN_EXCESS keeps only
      // that much of its own colour difference (eyes and lips excepted).
      let damp = 0;
      if (fw < 1) {
        const excess = (d1 * inv - srcTint[1]!) - (d0 * inv - srcTint[0]!);
        if (excess > MAX_GREEN_EXCESS) damp = (1 - MAX_GREEN_EXCESS / excess) * (1 - fw);
      }
      // The eyes keep their own colour (see featuresKeepColour); the lips' departure, like the skin's, is scaled.
      const eyeW = fw > 0 && lipW ? fw - lipW[i]! : 0;
      const rho = rhoSkin + (1 - rhoSkin) * eyeW;
      for (let c = 0; c < 3; c++) {
        const kc = 1 + ((c === 0 ? k0 : c === 1 ? k1 : k2) - 1) * tinted;
        const dc = c === 0 ? d0 : c === 1 ? d1 : d2;
        const skinD = srcTint[c]! * (Y + 1);
        const own = ((skinD + (dc - skinD) * (1 - damp) * rho) * cs + extra * tint[c]!) * fq;
        let v = (Yn + own) * (kc + (1 - kc) * eyeW);
        // Soft shoulder instead of clipping, so brightened eye whites and highlights keep detail.
        if (v > KNEE) v = KNEE + (255 - KNEE) * Math.tanh((v - KNEE) / (255 - KNEE));
        else if (v < 0) v = 0;
        const d = v - od[p + c]!;
        W[c * n + i] = d;
        dSmall[c * gn + cell]! += d;
      }
    }
  }
  for (let gy = 0; gy < g.h; gy++) {
    const ch = Math.min(k, h - gy * k);
    for (let gx = 0; gx < g.w; gx++) {
      const inv = 1 / (ch * Math.min(k, w - gx * k));
      for (let c = 0; c < 3; c++) dSmall[c * gn + gy * g.w + gx]! *= inv;
    }
  }
  timer('relight', performance.now() - t);

  t = performance.now();
  // Multi-band blend: the finest band (D − up(D_small)) at full resolution under alpha, the
  // coarser bands as a Laplacian pyramid on the coarse grid.
  const alphaSmall = boxDown(alpha, w, h, 1, g);
  const levels = Math.max(1, pyramidLevels(faceSize) - Math.log2(k));
  const accSmall = pyramidBlendDiff(dSmall, alphaSmall, g.w, g.h, levels);
  const gx = lookup(w, g.w, k), gy = lookup(h, g.h, k);
  let changed = 0;
  for (let y = 0; y < h; y++) {
    const r0 = gy.i0[y]! * g.w, r1 = gy.i1[y]! * g.w, ty = gy.t[y]!, uy = 1 - ty;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < w; x++, p += 3) {
      const i = y * w + x;
      if (support[i] === 0) continue;
      changed++;
      const a = gx.i0[x]!, b = gx.i1[x]!, tx = gx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      const al = alpha[i]!;
      for (let c = 0; c < 3; c++) {
        const go = c * gn;
        const upD = dSmall[go + i00]! * w00 + dSmall[go + i01]! * w01 + dSmall[go + i10]! * w10 + dSmall[go + i11]! * w11;
        const upAcc = accSmall[go + i00]! * w00 + accSmall[go + i01]! * w01 + accSmall[go + i10]! * w10 + accSmall[go + i11]! * w11;
        const v = od[p + c]! + al * (W[c * n + i]! - upD) + upAcc;
        od[p + c] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
  timer('blend', performance.now() - t);
  return { roi, mirroredTriangles: mirror?.mirrored ?? 0, mouthOpen, grainSigma: sigma, gains: field.global, changedPixels: changed, support, occludedPixels: occluded, reshapedBy, shapedBy: shaped.maxShift, unseenTriangles: unseen, sideOn, sharpened, evenedBy, foreheadPixels: gate.swapped, sourceCovered, sourceHand: hands.fromSource > 0, alpha, skin: masks.skin };
}
