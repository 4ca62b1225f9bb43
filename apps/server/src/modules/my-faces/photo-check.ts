// The checks a photo passes before it joins a face: exactly one usable face, and (for a face that
// has photos already) the same person, read from the identity descriptors' cosine similarity.
import type { PhotoProfile, PhotoProfileResult } from '@visage/engine';
import { AppError } from '../../http/errors.ts';

/**
 * Lowest cosine similarity, to the closest of the face's other photos, of a photo accepted as the
 * same person. Measured on 36 fixture faces (28 of fixtures/sfhq-hires, 8 of fixtures/faces), each
 * with four copies made as the engine's benchmark makes them (mirrored, cropped, rotated 12°,
 * relit from one side; packages/engine/bench/same-person.ts measures it): a copy scored 0.86 or
 * more against another photo of its person (360 pairs); two different people 0.70 or less (628
 * pairs, the two faces that two sample sheets repeat left out), but one look-alike pair at 0.79. Real photos of
 * one person vary more than copies, so the line sits just above the different people rather than
 * just below the copies.
 */
export const SAME_PERSON_MIN_SIMILARITY = 0.72;

/** The photo's one usable face, or the refusal the user can act on. */
export function oneFace(result: PhotoProfileResult): PhotoProfile {
  const usable = result.faces.filter((f) => !f.tooSmall).length;
  if (usable === 0 && result.faces.length > 0) throw new AppError(422, 'face_too_small', 'The face is too small. Please choose a closer photo.');
  if (usable === 0 || !result.profile) throw new AppError(422, 'no_face', 'No face was found in this photo. Please choose a photo with one face.');
  if (usable > 1) throw new AppError(422, 'several_faces', 'This photo shows more than one face. Please choose a photo with exactly one face.');
  return result.profile;
}

/** Refuses a photo whose face is unlike every photo the face has (`others`: their descriptors). */
export function assertSamePerson(descriptor: Float32Array, others: Float32Array[]): void {
  if (others.length === 0) return;
  const best = Math.max(...others.map((o) => similarity(descriptor, o)));
  if (best < SAME_PERSON_MIN_SIMILARITY) {
    throw new AppError(422, 'face_mismatch', 'This photo does not look like the other photos of this face. Please choose a photo of the same person.', { similarity: Math.round(best * 1000) / 1000 });
  }
}

export function similarity(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** A descriptor as stored (base64 of its float32 values) and back. */
export function packDescriptor(v: number[]): string {
  return Buffer.from(Float32Array.from(v).buffer).toString('base64');
}
export function unpackDescriptor(s: string): Float32Array {
  const buf = Buffer.from(s, 'base64');
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}
