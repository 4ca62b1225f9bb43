// Hands against either face are kept from the target like any other cover (see hand-shape.ts).
import type { FaceWarning, Stage } from '../stages/context.ts';
import { COVERED_SHARE } from '../stages/geometry/covered.ts';
import { handCover } from './hand-shape.ts';

export const handsStage: Stage = {
  name: 'hands',
  timing: 'mask',
  reads: ['roi', 'dstFace', 'srcFace', 'warp', 'sourceHandShare'],
  writes: ['handPlane', 'sourceHand'],
  run(s) {
    const hands = handCover(s.roi, s.dstFace.hands ?? [], s.srcFace.hands ?? [], s.srcFace.size, s.warp);
    s.handPlane = hands.plane;
    // The part a source hand covers may have come from the twin instead (see uncover.ts): still told.
    s.sourceHand = hands.fromSource > 0 || (s.sourceHandShare?.some((v) => v >= COVERED_SHARE) ?? false);
  },
};

/** A hand against the source face: the part it covers came from the target. */
export const handWarning: FaceWarning = { warning: 'source_hand', raised: (f) => f.stats.sourceHand };
