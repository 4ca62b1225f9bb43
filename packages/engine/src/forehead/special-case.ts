// The forehead as one special case: swapped only where both faces show bare skin, gated before
// the mask is made.
import type { SpecialCase } from '../stages/special-case.ts';
import { foreheadStage } from './stage.ts';

export const foreheadCase: SpecialCase = {
  name: 'forehead',
  stages: [{ stage: foreheadStage, before: 'mask' }],
  untouched: () => ({ targetHair: null, foreheadPixels: 0 }),
};
