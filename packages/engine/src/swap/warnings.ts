// The warnings a swapped face may leave, each declared beside the stage that finds its cause. The
// list of names is defined once, in @visage/contracts; a result lists them in that order.
import type { FaceWarning } from '../stages/context.ts';
import { partialWarning, sideOnWarning } from '../stages/geometry/place.ts';
import { coveredWarning } from '../stages/mask/occlude.ts';
import { handWarning } from '../hands/stage.ts';
import { glassesOffWarning } from '../glasses/stage.ts';
import { blurryWarning, smallWarning } from '../focus/warnings.ts';

export const FACE_WARNINGS: readonly FaceWarning[] = [sideOnWarning, coveredWarning, handWarning, partialWarning, smallWarning, blurryWarning, glassesOffWarning];
