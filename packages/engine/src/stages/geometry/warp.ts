// The source face drawn triangle by triangle onto the target's region (raster/warp.ts), its irises
// then moved to the target's gaze (gaze.ts).
import { sampledFromTwin } from '../../mesh/mirror.ts';
import { warpBuffers, warpTriangles } from '../../raster/warp.ts';
import type { Stage } from '../context.ts';
import { keepTargetGaze } from './gaze.ts';

/** The warp's arrays, reused by every swap in the process (see raster/scratch.ts): nothing a swap returns holds them. */
const warpInto = warpBuffers();

export const warpStage: Stage = {
  name: 'warp',
  timing: 'warp',
  reads: ['warp', 'twinGain', 'from', 'roi', 'mirror', 'srcFace', 'srcPts', 'dstFace', 'dstPts', 'placed'],
  writes: ['warped', 'fromTwin'],
  run(s) {
    s.warped = warpTriangles({ ...s.warp, ...(s.twinGain ? { srcGain: s.twinGain } : {}), src: s.from, roi: s.roi, buffers: warpInto });
    keepTargetGaze({ warped: s.warped, roi: s.roi, srcFace: s.srcFace, srcPts: s.srcPts, dstFace: s.dstFace, dstPts: s.dstPts, placed: s.placed, ...(s.warp.srcOverride ? { srcOverride: s.warp.srcOverride } : {}) });
    // A turned head's far side, sampled from its mirror twins, is relit apart (see light/relight.ts). A
    // half mirrored for being off the photo is not: it is a copy of the photo's light of the other half.
    const mirror = s.mirror;
    s.fromTwin = mirror ? Uint8Array.from(s.warped.triangle, (t) => (t >= 0 && sampledFromTwin(mirror.override, t) ? 1 : 0)) : null;
  },
};
