// The forehead swapped only where both faces show bare skin (see forehead.ts): the target's
// hairline and fringe stay.
import type { Stage } from '../stages/context.ts';
import { gateForehead } from './forehead.ts';

export const foreheadStage: Stage = {
  name: 'forehead',
  timing: 'mask',
  reads: ['out', 'roi', 'warped', 'faceSize', 'placed', 'up'],
  writes: ['targetHair', 'foreheadPixels'],
  run(s) {
    const gate = gateForehead(s.out.data, s.out.width, s.roi, s.warped.rgb, s.warped.cover, s.faceSize, s.placed, s.up);
    s.targetHair = gate.targetHair;
    s.foreheadPixels = gate.swapped;
  },
};
