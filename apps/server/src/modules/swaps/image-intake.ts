// Checks an uploaded image by its content (never the declared type), caps its pixel count
// before decoding, and re-encodes it so nothing of the original file (metadata, trailing
// bytes, odd chunks) is ever stored, and refuses explicit content. Every upload path (swaps,
// catalogue, saved faces, avatars) calls cleanImage. Memory is bounded: the pipeline streams in strips (sequential read,
// no Huffman optimisation, which would hold every coefficient of the image: +200 MB for a
// 16.8 MP PNG, +11 MB without), only `concurrency` decodes run at once, a few wait, and past
// that the caller gets 503 with Retry-After (see configureImageIntake).
import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';

/** 4096 × 4096: browsers send at most 1920 px on the long side (the client compresses). */
export const DEFAULT_MAX_PIXELS = 4096 * 4096;

// libvips' operation cache keeps decoded images around for reuse we never make.
sharp.cache(false);

/** At most `concurrency` decodes at once; up to `queue` more wait; beyond that, 503. */
class DecodeGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    public concurrency: number,
    public queue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        throw new AppError(503, 'busy', 'The server is busy with other images. Please try again in a moment.', undefined, { 'Retry-After': '2' });
      }
      await new Promise<void>((r) => this.waiting.push(r));
    } else {
      this.active += 1;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next in line (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const gate = new DecodeGate(1, 32);

/** Sets the decode bound for this process (config IMAGE_DECODE_CONCURRENCY / IMAGE_DECODE_QUEUE). */
export function configureImageIntake(opts: { concurrency: number; queue: number }): void {
  gate.concurrency = opts.concurrency;
  gate.queue = opts.queue;
}

/** The explicit-content step (modules/content): every cleaned upload passes it, or 422. */
export interface ContentCheck {
  assertAllowed(jpeg: Buffer): Promise<void>;
}

let contentCheck: ContentCheck | null = null;

/**
 * The classifier reads 224 × 224: blown up from much smaller, a photo is a blur of skin tones it
 * takes for explicit (a face cut to 64 px scored 0.74, refused). Photos that small show nothing
 * explicit anyone could use, and no face the engine can swap: they are not classified.
 */
export const MIN_CLASSIFIED_SIDE = 100;

/** Set once per process by context.ts; null (tests without a classifier) turns the step off. */
export function useContentCheck(check: ContentCheck | null): void {
  contentCheck = check;
}

export type ImageKind = 'jpeg' | 'png';

export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'png';
  return null;
}

export interface CleanImage {
  body: Buffer;
  width: number;
  height: number;
}

const invalidType = () => new AppError(415, 'invalid_image_type', 'Please select a valid image file (jpeg, png, or jpg).');

export async function cleanImage(buf: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<CleanImage> {
  if (!sniffImage(buf)) throw invalidType();
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buf).metadata();
  } catch {
    throw new AppError(422, 'corrupt_image', 'This image file is damaged and cannot be read.');
  }
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!w || !h) throw new AppError(422, 'corrupt_image', 'This image file is damaged and cannot be read.');
  if (w * h > maxPixels) {
    throw new AppError(413, 'image_too_large', `This image is too large (${w}×${h}); the limit is ${Math.round(maxPixels / 1e6)} megapixels.`);
  }
  const clean = await gate.run(async () => {
    try {
      // rotate() applies EXIF orientation; sharp drops all metadata unless asked to keep it.
      // sequentialRead: decode top to bottom in strips. optimiseCoding off: the optimised Huffman
      // tables need the whole image's coefficients in memory first (the pixels are the same).
      const { data, info } = await sharp(buf, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
        .rotate()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4', optimiseCoding: false })
        .toBuffer({ resolveWithObject: true });
      return { body: data, width: info.width, height: info.height };
    } catch {
      throw new AppError(422, 'corrupt_image', 'This image file is damaged and cannot be read.');
    }
  });
  // Outside the decode gate: the classifier is another process, and works on the cleaned JPEG.
  if (Math.min(clean.width, clean.height) >= MIN_CLASSIFIED_SIDE) await contentCheck?.assertAllowed(clean.body);
  return clean;
}
