// A new face softer than the photo around it: the source face too small, or its photo blurred, for
// the target face it lands on. The user is told which.
import { SHARPEN_FULL_SOURCE } from '../stages/texture/sharpen.ts';
import type { FaceWarning, SwappedFace } from '../stages/context.ts';

/**
 * A source face too small to be fully sharpened (under SHARPEN_FULL_SOURCE) swapped onto one at
 * least SMALL_SOURCE_SCALE times larger is upsampled so far that the new face is visibly softer.
 */
export const SMALL_SOURCE_SCALE = 3;
/**
 * A face photo blurred so far that its detail is worth a face BLURRED times its size or less (see
 * face-blur.ts), swapped onto a face BLURRY_SOURCE_SCALE times that: a soft-focused target face
 * hides such a source, a sharp one twice its detail's size does not.
 */
export const BLURRED = 0.75, BLURRY_SOURCE_SCALE = 2;

/** The face size the source's detail is worth (the focus facts give it: special-case.ts). */
const sharpSize = (f: SwappedFace) => f.input.sourceSharpSize ?? f.srcFace.size;
const small = (f: SwappedFace) => f.srcFace.size < SHARPEN_FULL_SOURCE && f.dstFace.size >= SMALL_SOURCE_SCALE * f.srcFace.size;

export const smallWarning: FaceWarning = { warning: 'source_small', raised: small };
/** Told only when the source is not small: one reason is enough. */
export const blurryWarning: FaceWarning = {
  warning: 'source_blurry',
  raised: (f) => !small(f) && sharpSize(f) <= BLURRED * f.srcFace.size && f.dstFace.size >= BLURRY_SOURCE_SCALE * sharpSize(f),
};
