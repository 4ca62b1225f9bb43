// Glasses as one special case: the frame found and the source chosen before the place stage, the
// frame's pixels taken out of the blend and written back after it, all on the photo itself.
import type { SpecialCase } from '../stages/special-case.ts';
import { glassesKeepStage, glassesOffWarning, glassesRestoreStage, glassesStage } from './stage.ts';

export const glassesCase: SpecialCase = {
  name: 'glasses',
  stages: [
    { stage: glassesStage, after: 'reshape', fullResolution: true },
    { stage: glassesKeepStage, after: 'occlude', fullResolution: true },
    { stage: glassesRestoreStage, after: 'blend', fullResolution: true },
  ],
  untouched: (src) => ({ glasses: null, behindTint: false, from: src, glassesLeftOff: false, frame: null }),
  warnings: [glassesOffWarning],
};
