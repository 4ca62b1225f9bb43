// Hands as one special case: found once against the face photo's face and each target face, then
// kept from the target in the mask like any other cover.
import type { SpecialCase } from '../stages/special-case.ts';
import { withHands } from './find.ts';
import { handsStage, handWarning } from './stage.ts';
import { handShareStage } from './uncover.ts';

export const handsCase: SpecialCase = {
  name: 'hands',
  stages: [{ stage: handShareStage, before: 'uncover' }, { stage: handsStage, after: 'mask' }],
  untouched: () => ({ handPlane: null, sourceHand: false, sourceHandShare: null }),
  facts: {
    timing: 'hands',
    judge: ({ models, source, srcFace, target, targets }) => ({
      srcFace: withHands(models, source, srcFace),
      targets: targets.map((face) => withHands(models, target, face)),
    }),
  },
  warnings: [handWarning],
};
