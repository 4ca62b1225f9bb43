// The source face as the warp reads it for one target face: reduced when far larger (see
// face/reduce-face.ts), with its light read there and its glasses-off copy at hand, each judged
// once per face and factor: a bulk job's face photo is not read again for every target.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { REDUCED, reduceFace, sourceFactor } from '../face/reduce-face.ts';
import type { FaceLight } from '../stages/context.ts';
import { faceLight, LIGHT } from '../stages/light/source-light.ts';
import { bareSource } from '../glasses/bare-source.ts';
import { imageCache, type ImageEntry } from './image-cache.ts';

export interface SourceSeen { img: RgbImage; face: Face; light: FaceLight; bare: () => RgbImage | null }

export async function sourceAt(entry: ImageEntry, face: Face, target: Face): Promise<SourceSeen> {
  const f = sourceFactor(face.size, target.size);
  const key = `${face.index}:${f}`;
  let r = f === 1 ? { img: entry.img, face } : entry.facts.get(REDUCED, key);
  if (!r) {
    r = await reduceFace(entry.img, face, f);
    entry.facts.set(REDUCED, key, r);
    imageCache.trim();
  }
  const seen = r;
  const bare = await bareSource(entry, face, target, f, seen, () => imageCache.trim());
  return { ...seen, light: entry.facts.once(LIGHT, key, () => faceLight(seen.img, seen.face)), bare };
}
