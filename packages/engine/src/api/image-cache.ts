// Bulk jobs reuse one source face for many targets, and catalogue photos are the target of many
// users' swaps: each image's decoded pixels, faces and the facts judged of them (face/facts.ts) are
// kept, least recently used dropped first (the pixels are never written: a swap works on a copy).
import { createHash } from 'node:crypto';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { ImageFacts, type AnalysedImage } from '../face/facts.ts';
import { decodeImage } from '../io/decode.ts';
import { detectOnImage } from '../detect/detect.ts';
import { DESCRIPTOR, faceDescriptor } from '../detect/identity.ts';
import type { Models } from '../models/models.ts';
import { HANDS } from '../hands/find.ts';
import type { TargetAnalysis } from './options.ts';

export type ImageEntry = AnalysedImage;

/** The cache key of an image's bytes under the options that change what is kept of it. */
export function cacheKey(buf: Buffer, maxPixels: number, minFaceSize: number): string {
  return createHash('sha1').update(buf).digest('hex') + `:${maxPixels}:${minFaceSize}`;
}

/** Pixel bytes an entry holds: its image and the copies kept among its facts. */
function entryBytes(e: ImageEntry): number {
  return e.img.data.length + e.facts.bytes();
}

export class ImageCache {
  private readonly entries = new Map<string, ImageEntry>();

  /** `limitBytes` of pixels, reduced copies included; the two most recent images always stay. */
  constructor(private readonly limitBytes: number) {}

  get(key: string): ImageEntry | undefined {
    return this.entries.get(key);
  }

  /** Stores (or refreshes) an entry as the most recently used, then trims. */
  remember(key: string, entry: ImageEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.trim();
  }

  /** Drops the least recently used entries beyond the limit; call it again after an entry grows. */
  trim(): void {
    let bytes = this.bytes();
    for (const [k, e] of this.entries) {
      if (bytes <= this.limitBytes || this.entries.size <= 2) break;
      bytes -= entryBytes(e);
      this.entries.delete(k);
    }
  }

  bytes(): number {
    let bytes = 0;
    for (const e of this.entries.values()) bytes += entryBytes(e);
    return bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

// 64 MB of pixels keeps a worker under 500 MB RSS with the identity model loaded.
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
export const imageCache = new ImageCache(IMAGE_CACHE_BYTES);

/** Forgets cached images (the benchmark uses it to time swaps of never-seen photos). */
export function clearImageCache(): void {
  imageCache.clear();
}

export type Timer = (stage: string, ms: number) => void;

export interface Decoded { key: string; entry?: ImageEntry; img: RgbImage }

/** Decoded pixels of an image (cached or new): bad files fail here, before any model runs. */
export async function decodeCached(buf: Buffer, maxPixels: number, minFaceSize: number): Promise<Decoded> {
  const key = cacheKey(buf, maxPixels, minFaceSize);
  const entry = imageCache.get(key);
  return entry ? { key, entry, img: entry.img } : { key, img: await decodeImage(buf, maxPixels) };
}

/** The image's faces, detected once per image. */
export async function withFaces(models: Models, d: Decoded, minFaceSize: number, add: Timer, known?: TargetAnalysis['faces']): Promise<ImageEntry> {
  let entry = d.entry;
  if (entry) add('detect', 0);
  else {
    const t = performance.now();
    const faces = known ? known.map(({ hands: _hands, ...f }) => f) : await detectOnImage(models, d.img, minFaceSize);
    const facts = new ImageFacts();
    // Hands kept with the analysis are not looked for again (the hand model is a large part of a swap).
    for (const f of known ?? []) if (f.hands) facts.set(HANDS, f.index, f.hands.map((h) => Float32Array.from(h)));
    entry = { img: d.img, faces, facts };
    add('detect', performance.now() - t);
  }
  imageCache.remember(d.key, entry);
  return entry;
}

export async function descriptorOf(models: Models, entry: ImageEntry, face: Face): Promise<Float32Array> {
  let d = entry.facts.get(DESCRIPTOR, face.index);
  if (!d) {
    d = await faceDescriptor(models, entry.img, face);
    entry.facts.set(DESCRIPTOR, face.index, d);
  }
  return d;
}
