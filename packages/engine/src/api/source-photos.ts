// The face photos of a swap with several (target face, source) pairs: every photo decoded and
// analysed once, its face chosen once, then the target faces grouped by the photo they are made
// from, so the special cases judge each photo once for all of its target faces.
import type { Face } from '../face/face.ts';
import type { Models } from '../models/models.ts';
import { chooseSource } from './choose.ts';
import { closestPhoto, faceLuminance, PHOTO_LIGHT, type LitFace, type PhotoLight } from './closest-photo.ts';
import { decodeCached, withFaces, type Decoded, type ImageEntry, type Timer } from './image-cache.ts';
import type { SourcePhotoAnalysis } from './options.ts';

/** `light` as read when the photo was saved (else read from the pixels when needed); `index` its place in its source's photos. */
export interface SourcePhoto { entry: ImageEntry; face: Face; light?: PhotoLight; index: number }

/** One photo's face and the target faces it goes onto (`at`: their places in the swap's order). */
export interface SwapGroup { photo: SourcePhoto; targets: Face[]; at: number[] }

export function decodeSources(list: Buffer[][], maxPixels: number, minFaceSize: number): Promise<Decoded[][]> {
  return Promise.all(list.map((photos) => Promise.all(photos.map((b) => decodeCached(b, maxPixels, minFaceSize)))));
}

/**
 * Each source's photos with their chosen face. `faceOf(j)` picks the face of a single-photo
 * source; a person's several photos each show that person alone, so each takes its largest face.
 * `known` holds source 0's photos as read when they were saved, so they are not detected again.
 */
export async function analyseSources(models: Models, decoded: Decoded[][], minFaceSize: number, add: Timer, faceOf: (j: number) => number | undefined, known?: Array<SourcePhotoAnalysis | null>): Promise<SourcePhoto[][]> {
  const out: SourcePhoto[][] = [];
  for (const [j, photos] of decoded.entries()) {
    const seen: SourcePhoto[] = [];
    for (const [index, d] of photos.entries()) {
      const kept = j === 0 ? known?.[index] : undefined;
      const entry = await withFaces(models, d, minFaceSize, add, kept ? [kept.face] : undefined);
      seen.push({ entry, face: chooseSource(entry.faces, photos.length === 1 ? faceOf(j) : undefined), light: kept?.light, index });
    }
    out.push(seen);
  }
  return out;
}

/** The target faces (in swap order, `sourceOf[k]` the source of the k-th) grouped by the photo each is made from. */
export function groupBySource(target: ImageEntry, targets: readonly Face[], sourceOf: readonly number[], sources: SourcePhoto[][]): SwapGroup[] {
  const groups = new Map<SourcePhoto, SwapGroup>();
  const lit = (entry: ImageEntry, f: Face, known?: PhotoLight): LitFace => ({ ...f, light: known ?? entry.facts.once(PHOTO_LIGHT, f.index, () => faceLuminance(entry.img, f)) });
  targets.forEach((face, k) => {
    const photos = sources[sourceOf[k]!]!;
    const photo = photos[photos.length === 1 ? 0 : Math.max(0, closestPhoto(lit(target, face), photos.map((p) => lit(p.entry, p.face, p.light))))]!;
    let g = groups.get(photo);
    if (!g) groups.set(photo, (g = { photo, targets: [], at: [] }));
    g.targets.push(face);
    g.at.push(k);
  });
  return [...groups.values()];
}
