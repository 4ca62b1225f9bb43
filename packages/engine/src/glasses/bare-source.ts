// The face photo without its glasses, judged once per face and scale and kept with the photo (see
// face/facts.ts): a bulk job's face photo is not read again for every target.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { factKind, type AnalysedImage } from '../face/facts.ts';
import { reduceFace } from '../face/reduce-face.ts';
import { turnedPastGlasses, withoutGlasses } from './off.ts';

/**
 * The photo (or reduced copy) with a face's glasses taken off, null when it wears none; keyed
 * `${face index}:${factor}`, with `:full` when read at full size and then reduced.
 */
export const BARE = factKind<RgbImage | null>('bare', (b) => b?.data.length ?? 0);

/**
 * How the warp gets the face photo without glasses for the target face `target`, the face being
 * seen as `seen` (reduced by the whole factor f, see face/reduce-face.ts). A face reduced for a
 * smaller target turned far from it has its glasses taken off at full size and then reduced: on a
 * small reduced copy the frame was not found, stayed, and spread over the turned head. That copy
 * is kept under a key of its own: the one read on the reduced face may be null already.
 * `trim` is called after a copy is kept (the image cache counts them).
 */
export async function bareSource(image: AnalysedImage, face: Face, target: Face, f: number, seen: { img: RgbImage; face: Face }, trim: () => void): Promise<() => RgbImage | null> {
  const { facts } = image;
  const key = `${face.index}:${f}`;
  const turned = f > 1 && turnedPastGlasses(face, target);
  const bareKey = turned ? `${key}:full` : key;
  if (turned && !facts.has(BARE, bareKey)) {
    const full = facts.once(BARE, `${face.index}:1`, () => withoutGlasses(image.img, face));
    facts.set(BARE, bareKey, full ? (await reduceFace(full, face, f)).img : null);
    trim();
  }
  return () => {
    const b = facts.once(BARE, bareKey, () => withoutGlasses(seen.img, seen.face));
    trim();
    return b;
  };
}
