// Which of a person's several face photos (a saved face) to swap onto one target face.
import type { Face } from '../face/face.ts';

/** The index into `candidates` of the photo to use for `target`. */
export function closestPhoto(_target: Face, candidates: Face[]): number {
  // The largest face for now: the most pixels to draw from, whatever the pose or light.
  let best = 0;
  candidates.forEach((c, i) => { if (c.size > candidates[best]!.size) best = i; });
  return best;
}
