// Bulk jobs reuse one source face for many targets, and catalogue photos are the target of many
// users' swaps: each image's decoded pixels, faces, descriptors and reduced faces are kept, least
// recently used dropped first (the pixels are never written: a swap works on a copy).
import { createHash } from 'node:crypto';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { FaceBlur } from '../focus/face-blur.ts';
import type { FaceLight } from '../stages/context.ts';

export interface ImageEntry {
  img: RgbImage;
  faces: Face[];
  descriptors: Map<number, Float32Array>;
  /** Hands against a face (see hands/find.ts), by face index. */
  hands: Map<number, Float32Array[]>;
  /** Whether a face is lit from one side beyond what even-light evens (see side-lit.ts), by face index. */
  sideLit: Map<number, boolean>;
  /** How blurred a face is in the photo (see face-blur.ts), by face index. */
  blur: Map<number, FaceBlur>;
  /** A face's pupils and eye whites as read on it or a reduced copy (see faceLight), key `${face index}:${factor}`. */
  light: Map<string, FaceLight>;
  /** Reduced copies of a face (see reduce-face.ts), key `${face index}:${factor}`. */
  reduced: Map<string, { img: RgbImage; face: Face }>;
  /** The photo (or reduced copy) with a face's glasses taken off (see glasses/off.ts), null when it wears none; key as `reduced`, with `:full` when read at full size and then reduced. */
  bare: Map<string, RgbImage | null>;
}

/** The cache key of an image's bytes under the options that change what is kept of it. */
export function cacheKey(buf: Buffer, maxPixels: number, minFaceSize: number): string {
  return createHash('sha1').update(buf).digest('hex') + `:${maxPixels}:${minFaceSize}`;
}

/** Pixel bytes an entry holds: its image, the reduced copies of its faces and those without glasses. */
function entryBytes(e: ImageEntry): number {
  let bytes = e.img.data.length;
  for (const r of e.reduced.values()) bytes += r.img.data.length;
  for (const b of e.bare.values()) if (b) bytes += b.data.length;
  return bytes;
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
