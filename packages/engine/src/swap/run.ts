// Runs the stage list (stages.ts) on one face: sets up the shared context, times each stage, and
// reads the swap's figures off the context at the end.
import type { RgbImage } from '../core/image.ts';
import { faceRoi, flatPoints, type Face } from '../face/face.ts';
import { MIN_CUT_TRIANGLES } from '../mesh/off-frame.ts';
import { topology } from '../mesh/topology.ts';
import type { FaceSwap, FaceSwapGiven, FaceSwapInput, FaceSwapState, Stage, StageTimer, SwapFaceStats } from '../stages/context.ts';
import { SPECIAL_CASES } from './special-cases.ts';
import { STAGES } from './stages.ts';

export type { SwapFaceStats } from '../stages/context.ts';

export interface SwapFaceOptions extends FaceSwapInput {
  /** Stages left out (tests compare a swap with and without one). */
  without?: readonly string[];
}

/** What a stage that does not run leaves: nothing reshaped, sharpened or covered, and each special case's own. */
export function untouched(src: RgbImage): Partial<FaceSwapState> {
  const core: Partial<FaceSwapState> = { reshapedBy: 0, sharpened: 0, evenedBy: 1, sourceCovered: false, occluded: 0 };
  return Object.assign(core, ...SPECIAL_CASES.map((c) => c.untouched?.(src) ?? {}));
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
