// The target's jaw moved toward the source's (see contour.ts), on the photo itself: it moves pixels
// beyond the mask too, so on a reduced copy it runs at full resolution (swap/stages.ts).
import type { RgbImage } from '../../core/image.ts';
import { faceRoi, flatPoints, type Face } from '../../face/face.ts';
import { mouthCoveredIn } from '../mask/occlusion.ts';
import type { Stage, StageTimer } from '../context.ts';
import { reshapeContour } from './contour.ts';

/** Head turns beyond which the outline is left alone (the jaw line is then a silhouette, not a contour). */
const RESHAPE_MAX_YAW = 25;

/**
 * Moves the target's jaw toward the source's around `dstFace` on `out`, and `dstPts` (its flat
 * points) with it; returns the largest displacement in pixels. Never where a mouth is covered (the
 * contour found under a scarf is the cover's, which reshaping bent into a wave), nor for a source
 * face cut by its photo's edge, whose jaw there the mesh model only guessed.
 */
export function reshapeTarget(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, dstPts: Float32Array, strength: number, timer: StageTimer): number {
  if (strength <= 0 || srcFace.partial || Math.abs(srcFace.rotation.yaw) >= RESHAPE_MAX_YAW || Math.abs(dstFace.rotation.yaw) >= RESHAPE_MAX_YAW) return 0;
  const t = performance.now();
  const roi = faceRoi(dstFace, out.width, out.height);
  const srcPts = flatPoints(srcFace);
  let moved = 0;
  if (!mouthCoveredIn(out.data, out.width, roi, dstPts) && !mouthCoveredIn(src.data, src.width, faceRoi(srcFace, src.width, src.height), srcPts)) {
    moved = reshapeContour(out, roi, dstPts, srcPts, dstFace.size, { strength });
  }
  timer('reshape', performance.now() - t);
  return moved;
}

export const reshapeStage: Stage = {
  name: 'reshape',
  reads: ['src', 'srcFace', 'out', 'dstFace', 'dstPts', 'input'],
  writes: ['out', 'reshapedBy'],
  run(s) {
    s.reshapedBy = reshapeTarget(s.src, s.srcFace, s.out, s.dstFace, s.dstPts, s.input.reshape ?? 0, s.timer);
  },
};
