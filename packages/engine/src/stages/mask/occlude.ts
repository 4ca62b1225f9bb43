// What covers either face (a scarf, a beard, a strand of hair, a hand) is kept from the target
// (occlusion.ts): the blend weight drops there, and such pixels are no skin to judge light on.
import { INNER_LIP_LOOP, loopUv, OUTER_LIP_LOOP } from '../../mesh/topology.ts';
import type { FaceWarning, Stage } from '../context.ts';
import { occlusionMask } from './occlusion.ts';

/** Halfway between the nose tip (4) and the lower lids' middle (145, 374). */
function midNose(pts: Float32Array): [number, number] {
  const at = (c: number) => (pts[2 * 4 + c]! + (pts[2 * 145 + c]! + pts[2 * 374 + c]!) / 2) / 2;
  return [at(0), at(1)];
}

export const occludeStage: Stage = {
  name: 'occlude',
  timing: 'mask',
  reads: ['out', 'roi', 'warped', 'faceSize', 'dstPts', 'placed', 'up', 'handPlane', 'masks'],
  writes: ['sourceCovered', 'occluded', 'masks'],
  run(s) {
    const { up, masks } = s;
    const mouth = { lipsTarget: loopUv(s.dstPts, OUTER_LIP_LOOP), lipsSource: loopUv(s.placed, OUTER_LIP_LOOP), openingTarget: loopUv(s.dstPts, INNER_LIP_LOOP), openingSource: loopUv(s.placed, INNER_LIP_LOOP), midNose: midNose(s.dstPts), down: [-up[0], -up[1]] as [number, number] };
    const { weight: occ, sourceCovered } = occlusionMask(s.out.data, s.out.width, s.roi, s.warped.rgb, s.warped.cover, s.faceSize, mouth, s.handPlane);
    s.sourceCovered = sourceCovered;
    if (!occ) return;
    const { alpha, skin, support } = masks;
    let occluded = 0;
    for (let i = 0, n = s.roi.w * s.roi.h; i < n; i++) {
      const o = occ[i]!;
      if (o <= 0) continue;
      alpha[i] = alpha[i]! * (1 - o);
      if (o > 0.2) { skin[i] = 0; if (support[i]) occluded++; }
    }
    s.occluded = occluded;
  },
};

/** The source's mouth is covered (a scarf, a mask): its lower face came from the target. */
export const coveredWarning: FaceWarning = { warning: 'source_covered', raised: (f) => f.stats.sourceCovered };
