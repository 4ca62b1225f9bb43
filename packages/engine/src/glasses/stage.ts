// Glasses the target wears stay on the new face (find.ts, keep.ts); the source's, if it wears any,
// come off first, or the new face wore two pairs (off.ts). Three stages: the frame found and the
// source chosen before the warp, the frame's pixels taken before the blend and written back after.
import type { FaceWarning, Stage } from '../stages/context.ts';
import { keepFrame } from './keep.ts';
import { glassesAndSource, turnedPastGlasses } from './off.ts';

export const glassesStage: Stage = {
  name: 'glasses',
  timing: 'glasses',
  reads: ['out', 'roi', 'dstPts', 'faceSize', 'src', 'srcFace', 'dstFace', 'input'],
  writes: ['glasses', 'behindTint', 'from', 'glassesLeftOff'],
  run(s) {
    const { glasses, from, leftOff } = glassesAndSource(s.out, s.roi, s.dstPts, s.faceSize, s.src, s.srcFace, true, s.input.sourceWithoutGlasses, turnedPastGlasses(s.srcFace, s.dstFace));
    s.glasses = glasses;
    s.behindTint = glasses?.tinted ?? false;
    s.from = from;
    s.glassesLeftOff = leftOff;
  },
};

export const glassesKeepStage: Stage = {
  name: 'glasses keep',
  timing: 'mask',
  reads: ['glasses', 'out', 'roi', 'masks'],
  writes: ['frame', 'masks'],
  run(s) {
    if (s.glasses) s.frame = keepFrame(s.out.data, s.out.width, s.roi, s.glasses.weight, s.masks.alpha, s.masks.skin);
  },
};

export const glassesRestoreStage: Stage = {
  name: 'glasses restore',
  timing: 'blend',
  reads: ['frame'],
  writes: ['out'],
  run(s) {
    s.frame?.restore();
  },
};

/** The face photo's glasses were left off for a target turned far from it, which wears none. */
export const glassesOffWarning: FaceWarning = { warning: 'source_glasses_off', raised: (f) => f.stats.glassesLeftOff };
