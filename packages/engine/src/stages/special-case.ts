// What a special case (glasses, hands, side light, focus, forehead) brings to a swap, declared in
// its own folder as one SpecialCase: the swap (swap/special-cases.ts) puts its stages into the
// core list, judges its facts before the faces are swapped and asks its warnings of each face.
import type { SwapWarning } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { AnalysedImage } from '../face/facts.ts';
import type { Models } from '../models/types.ts';
import type { FaceSwapInput, FaceSwapState, FaceWarning, Stage } from './context.ts';

/** A stage and the stage of the list it goes just before or just after. */
export type PlacedStage = { stage: Stage; fullResolution?: boolean } & ({ before: string } | { after: string });

/** A swap's two photos as the special cases judge them, before any face is swapped. */
export interface SwapPhotos {
  models: Models;
  source: AnalysedImage;
  srcFace: Face;
  target: AnalysedImage;
  /** The target faces to swap, as the special cases before this one left them. */
  targets: readonly Face[];
}

/** What a special case judged of a swap's photos (each fact kept with its image: face/facts.ts). */
export interface PhotoJudgement {
  /** The faces as the stages see them from now on (the hands against them found). */
  srcFace?: Face;
  targets?: Face[];
  /** Warnings of the face photo alone, whatever the target. */
  warnings?: readonly SwapWarning[];
  /** What the swap of the k-th target face is given. */
  input?: (k: number) => FaceSwapInput;
}

export interface SpecialCase {
  name: string;
  /**
   * Its stages, each placed against a stage of the core list (swap/stages.ts). With fullResolution
   * it runs on the photo itself when the face is swapped on a reduced copy (swap/reduced-copy.ts).
   */
  stages?: readonly PlacedStage[];
  /** What the fields its stages write hold when they do not run (left out, or on a reduced copy). */
  untouched?: (src: RgbImage) => Partial<FaceSwapState>;
  /** What it judges of the two photos, timed under `timing` (a SwapResult.timings key). */
  facts?: { timing: string; judge(photos: SwapPhotos): PhotoJudgement };
  /** Warnings it may raise of each swapped face. */
  warnings?: readonly FaceWarning[];
}
