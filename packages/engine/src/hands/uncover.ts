// A hand against the face photo is skin, and its colour alone does not tell it from the cheek it
// rests on: the triangles it covers are marked from its landmarks, so the uncover stage takes their
// twins (or leaves them to the target) like any other cover's.
import { judged } from '../stages/geometry/covered.ts';
import type { Stage } from '../stages/context.ts';
import { handShares } from './hand-shape.ts';

export const handShareStage: Stage = {
  name: 'hand share',
  timing: 'warp',
  reads: ['srcFace', 'srcPts', 'topo'],
  writes: ['sourceHandShare'],
  run(s) {
    const { triangles, triClass } = s.topo;
    s.sourceHandShare = handShares(s.srcFace.hands ?? [], s.srcFace.size, s.srcPts, triangles, (t) => judged(triClass[t]!));
  },
};
