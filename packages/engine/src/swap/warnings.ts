// The warnings a swapped face may leave, each declared beside the stage that finds its cause: the
// core stages' here, the special cases' in their own folders. The list of names is defined once,
// in @visage/contracts; a result lists them in that order.
import type { FaceWarning } from '../stages/context.ts';
import { partialWarning, sideOnWarning } from '../stages/geometry/place.ts';
import { coveredWarning } from '../stages/mask/occlude.ts';
import { SPECIAL_CASES } from './special-cases.ts';

export const FACE_WARNINGS: readonly FaceWarning[] = [sideOnWarning, coveredWarning, partialWarning, ...SPECIAL_CASES.flatMap((c) => c.warnings ?? [])];
