// The warped source relit to the target's light and turned into its differences from the target
// (relight-pass.ts); its eyes and teeth take the target's light, from white (sclera.ts).
import type { Stage } from '../context.ts';
import { relightDifferences } from './relight-pass.ts';
import { lightOf } from './sclera.ts';

export const relightStage: Stage = {
  name: 'relight',
  timing: 'relight',
  reads: ['warped', 'fromTwin', 'out', 'roi', 'masks', 'faceSize', 'detail', 'placed', 'dstPts', 'up', 'grain', 'seed', 'srcLight', 'dstLight'],
  writes: ['lit'],
  run(s) {
    const src = s.srcLight.whites, dst = s.dstLight.whites;
    const cast = lightOf(dst?.tint ?? null);
    const exposure = src && dst ? dst.luma / src.luma : 1;
    s.lit = relightDifferences({ warped: s.warped.rgb, fromTwin: s.fromTwin, target: s.out, roi: s.roi, alpha: s.masks.alpha, skin: s.masks.skin, faceSize: s.faceSize, sourceSize: s.detail, placed: s.placed, dstPts: s.dstPts, up: s.up, grain: s.grain, seed: s.seed, featureCast: cast, featureExposure: exposure });
  },
};
