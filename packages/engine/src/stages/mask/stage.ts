// The blend mask from the warped triangles (mask.ts), faded where a turned target's near cheek is
// drawn from a source stretched thin (stretch-fade.ts).
import { dropIslands, linearStretch } from '../../mesh/mirror.ts';
import type { Stage } from '../context.ts';
import { buildMasks } from './mask.ts';
import { fadeStretched, STRETCH_FADE_FROM, STRETCH_FADE_MIN_YAW } from './stretch-fade.ts';

export const maskStage: Stage = {
  name: 'mask',
  timing: 'mask',
  reads: ['warped', 'roi', 'faceSize', 'mouthOpen', 'targetHair', 'yawDiff', 'srcPts', 'placed', 'topo', 'cut'],
  writes: ['masks'],
  run(s) {
    const { topo } = s;
    s.masks = buildMasks(s.warped.cover, s.roi, s.faceSize, s.mouthOpen, s.targetHair);
    if (Math.abs(s.yawDiff) < STRETCH_FADE_MIN_YAW) return;
    const linear = linearStretch(s.srcPts, s.placed, topo.triangles, s.cut.override);
    const fading = dropIslands(Uint8Array.from(linear, (r) => (r > STRETCH_FADE_FROM ? 1 : 0)), topo.neighbours, topo.triClass);
    fadeStretched(s.masks.alpha, s.masks.skin, s.warped.triangle, linear, fading, s.roi, s.faceSize);
  },
};
