// The stages one face's swap runs, in order. Each is a function of the shared FaceSwap context
// (stages/context.ts) and names what it reads and writes. A face worked on a reduced copy of its
// region (reduced-copy.ts) runs the same list, the stages of FULL_RESOLUTION on the photo itself.
import type { Stage } from '../stages/context.ts';
import { reshapeStage } from '../stages/geometry/reshape.ts';
import { placeStage } from '../stages/geometry/place.ts';
import { warpStage } from '../stages/geometry/warp.ts';
import { uncoverStage } from '../stages/geometry/uncover.ts';
import { sourceLightStage } from '../stages/light/source-light.ts';
import { evenLightStage } from '../stages/light/even-light.ts';
import { relightStage } from '../stages/light/relight-stage.ts';
import { sharpenStage } from '../stages/texture/sharpen.ts';
import { maskStage } from '../stages/mask/stage.ts';
import { occludeStage } from '../stages/mask/occlude.ts';
import { blendStage } from '../stages/blend/blend.ts';
import { SPECIAL_CASES, withSpecialStages } from './special-cases.ts';

/** The core stages, in order; the special cases' stages go in between (see SPECIAL_CASES). */
export const CORE_STAGES: readonly Stage[] = [
  reshapeStage, //     geometry: the target's jaw toward the source's, on the photo
  placeStage, //       geometry: where each source triangle goes, what is left to the target
  uncoverStage, //     geometry: what covers the face photo taken from the twin or the target
  warpStage, //        geometry: the source drawn onto the target's region
  sourceLightStage, // light: the source's haze and colour cast taken off
  sharpenStage, //     texture: a smaller source's detail given back
  evenLightStage, //   light: the source's own side light evened
  maskStage, //        mask: the blend weight, faded where the source is stretched thin
  occludeStage, //     mask: what covers either face kept from the target
  relightStage, //     light + texture: relit to the target's light, its grain restored
  blendStage, //       blend: multi-band, only inside the mask's support
];

/** Every stage one face's swap runs, in order. */
export const STAGES: readonly Stage[] = withSpecialStages(CORE_STAGES, SPECIAL_CASES);

/**
 * Stages that work on the photo itself when the face is swapped on a reduced copy: the reshape
 * moves pixels beyond the mask (on the copy only the change inside it came back, a second jaw
 * line), and the special cases' stages marked fullResolution (a frame's lines are a few pixels
 * wide on the copy). Those before the warp run before the copy is made, the others around the
 * change brought back up (which takes the blend's place).
 */
export const FULL_RESOLUTION: ReadonlySet<string> = new Set([
  reshapeStage.name,
  ...SPECIAL_CASES.flatMap((c) => (c.stages ?? []).filter((p) => p.fullResolution).map((p) => p.stage.name)),
]);
