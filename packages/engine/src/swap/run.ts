// Runs the stage list (stages.ts) on one face: sets up the shared context, times each stage, and
// reads the swap's figures off the context at the end.
import type { RgbImage } from '../core/image.ts';
import { faceRoi, flatPoints, type Face } from '../face/face.ts';
import { MIN_CUT_TRIANGLES } from '../mesh/off-frame.ts';
import { topology } from '../mesh/topology.ts';
import type { Roi } from '../raster/warp.ts';
import type { FaceSwap, FaceSwapGiven, FaceSwapInput, FaceSwapState, Stage, StageTimer } from '../stages/context.ts';
import { STAGES } from './stages.ts';

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
  /** Unsharp amount given to a source face smaller than the target's (0: none, see texture/sharpen.ts). */
  sharpened: number;
  /** Gaussian sigma (pixels) the source was blurred by to match a target out of focus (0: none, see focus/focus.ts). */
  defocused: number;
  /** Largest brightness factor that evened the source's light across the midline (1: none, see light/even-light.ts). */
  evenedBy: number;
  /** Forehead pixels (brows up) swapped: bare skin in both faces (see forehead/forehead.ts). */
  foreheadPixels: number;
  /** The source's mouth is covered (a scarf, a mask): its lower face was left to the target. */
  sourceCovered: boolean;
  /** A hand against the source face covers part of it (see hands/find.ts): that part was left to the target. */
  sourceHand: boolean;
  /** Part of the source face lies beyond its photo's edge: it came from its mirror side or the target (see mesh/off-frame.ts). */
  sourcePartial: boolean;
  /** Pixels of the target's glasses frame kept over the new face (see glasses/find.ts); 0 when it wears none. */
  glassesPixels: number;
  /** The face photo's glasses were taken off for a target turned far from it, which wears none (see glasses/off.ts). */
  glassesLeftOff: boolean;
  /** The blend weight of every ROI pixel (0..1, after occluders). */
  alpha: Float32Array;
  /** 1 for ROI pixels of skin the light and grain were judged on. */
  skin: Uint8Array;
}

export interface SwapFaceOptions extends FaceSwapInput {
  /** Stages left out (tests compare a swap with and without one). */
  without?: readonly string[];
}

/** What a stage that does not run leaves: nothing reshaped, no glasses, nothing covered. */
function untouched(src: RgbImage): Partial<FaceSwapState> {
  return { reshapedBy: 0, glasses: null, behindTint: false, from: src, glassesLeftOff: false, defocused: 0, sharpened: 0, evenedBy: 1, targetHair: null, foreheadPixels: 0, handPlane: null, sourceHand: false, sourceCovered: false, occluded: 0, frame: null };
}

/** The context of one face's swap, before any stage ran. */
export function faceSwap(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, timer: StageTimer, seed: number, input: FaceSwapInput, grain = true): FaceSwap {
  const given: FaceSwapGiven = {
    src, srcFace, out, dstFace, seed, input, timer, grain,
    topo: topology(),
    srcPts: flatPoints(srcFace),
    dstPts: flatPoints(dstFace),
    roi: faceRoi(dstFace, out.width, out.height),
    faceSize: dstFace.size,
    detail: Math.min(srcFace.size, input.sourceSharpSize ?? srcFace.size),
  };
  return { ...given, ...untouched(src) } as FaceSwap;
}

export function runStage(s: FaceSwap, stage: Stage): void {
  const t = performance.now();
  stage.run(s);
  if (stage.timing) s.timer(stage.timing, performance.now() - t);
}

export function statsOf(s: FaceSwap): SwapFaceStats {
  return {
    roi: s.roi, mirroredTriangles: (s.mirror?.mirrored ?? 0) + s.cut.mirrored, mouthOpen: s.mouthOpen, grainSigma: s.lit.grainSigma, gains: s.lit.gains,
    changedPixels: s.changed, support: s.masks.support, occludedPixels: s.occluded, reshapedBy: s.reshapedBy, shapedBy: s.shapedBy,
    unseenTriangles: s.unseen, sideOn: s.sideOn, sharpened: s.sharpened, defocused: s.defocused, evenedBy: s.evenedBy,
    foreheadPixels: s.foreheadPixels, sourceCovered: s.sourceCovered, sourceHand: s.sourceHand, sourcePartial: s.cutShown >= MIN_CUT_TRIANGLES,
    glassesPixels: s.glasses?.pixels ?? 0, glassesLeftOff: s.glassesLeftOff, alpha: s.masks.alpha, skin: s.masks.skin,
  };
}

/**
 * Swaps one source face onto one target face in place, at the target's own resolution. All work is
 * confined to the target face's region, and only pixels inside the mask's support are written.
 */
export function swapOneFace(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, timer: StageTimer, seed: number, opts: SwapFaceOptions = {}): SwapFaceStats {
  const s = faceSwap(src, srcFace, out, dstFace, timer, seed, opts);
  for (const stage of STAGES) if (!opts.without?.includes(stage.name)) runStage(s, stage);
  return statsOf(s);
}
