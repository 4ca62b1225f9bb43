// Checks an uploaded image by its content (never the declared type), caps its pixel count
// before decoding, and re-encodes it so nothing of the original file (metadata, trailing
// bytes, odd chunks) is ever stored, and refuses explicit content. Every upload path (swaps,
// bulk, catalogue, saved faces, avatars) calls ImageIntake.clean on the one intake built at start.
// Memory is bounded: the pipeline streams in strips (sequential read, no Huffman optimisation,
// which would hold every coefficient of the image: +200 MB for a 16.8 MP PNG, +11 MB without),
// and the DecodeGate lets only `concurrency` maximum-size images' worth of pixels decode at once
// (the two photos of an ordinary swap side by side, a 16 MP one alone).
// The classifier gets its own small copy of the photo, made first and classified while the
// full-size re-encode runs: the upload's answer waits for the longer of the two, not their sum.
// A photo its owner uploaded, and the check allowed, a moment ago is not classified again.
import sharp from 'sharp';
import { CLASSIFIER_SIDE } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { AllowedPhotos } from './allowed-photos.ts';
import { DecodeGate } from './decode-gate.ts';
import { measure } from '../../http/server-timing.ts';

/** 4096 × 4096: browsers send at most 1920 px on the long side (the client compresses). */
export const DEFAULT_MAX_PIXELS = 4096 * 4096;

// libvips' operation cache keeps decoded images around for reuse we never make.
sharp.cache(false);

/** The explicit-content step (modules/content): every cleaned upload passes it, or 422. */
export interface ContentCheck {
  /** `rgb`: the cleaned photo scaled to CLASSIFIER_SIDE × CLASSIFIER_SIDE, RGB bytes row by row. */
  assertAllowed(rgb: Buffer): Promise<void>;
}

/**
 * The classifier reads 224 × 224: blown up from much smaller, a photo is a blur of skin tones it
 * takes for explicit (a face cut to 64 px scored 0.74, refused). Photos that small show nothing
 * explicit anyone could use, and no face the engine can swap: they are not classified.
 */
export const MIN_CLASSIFIED_SIDE = 100;

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

export interface ImageIntakeOptions {
  /** Required: a guard whose check is off (CONTENT_CHECK=false) says so itself; none at all is a wiring fault. */
  content: ContentCheck;
  /** MAX_IMAGE_PIXELS: refused from the header, before any decode. */
  maxPixels?: number;
  /** IMAGE_DECODE_CONCURRENCY maximum-size images' worth of pixels decoding at once, IMAGE_DECODE_QUEUE waiting, then 503. */
  concurrency?: number;
  queue?: number;
}

export interface CleanOptions {
  /** Whose upload it is: the same bytes this owner had allowed lately skip the content check. */
  owner?: string;
}

const invalidType = () => new AppError(415, 'invalid_image_type', 'Please select a valid image file (jpeg, png, or jpg).');
const corrupt = () => new AppError(422, 'corrupt_image', 'This image file is damaged and cannot be read.');

export class ImageIntake {
  readonly maxPixels: number;
  private readonly content: ContentCheck;
  private readonly gate: DecodeGate;
  private readonly allowed = new AllowedPhotos();

  constructor(opts: ImageIntakeOptions) {
    // Checked at run time too: a JavaScript caller (or a cast) must not start with the check skipped.
    if (!opts?.content || typeof opts.content.assertAllowed !== 'function') throw new Error('ImageIntake needs a content check');
    this.content = opts.content;
    this.maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
    this.gate = new DecodeGate((opts.concurrency ?? 1) * this.maxPixels, opts.queue ?? 32);
  }

  /** The upload re-encoded as a clean JPEG; 415, 413, 422 or 503 (busy) otherwise. */
  async clean(buf: Buffer, opts: CleanOptions = {}): Promise<CleanImage> {
    if (!sniffImage(buf)) throw invalidType();
    let meta: sharp.Metadata;
    try {
      // Header only, so no pixel limit here: sharp's default one (268 MP) would make a huge
      // image read as damaged instead of reaching the cap below (413).
      meta = await sharp(buf, { limitInputPixels: false }).metadata();
    } catch {
      throw corrupt();
    }
    const w = meta.autoOrient?.width ?? meta.width ?? 0;
    const h = meta.autoOrient?.height ?? meta.height ?? 0;
    if (!w || !h) throw corrupt();
    const maxPixels = this.maxPixels;
    if (w * h > maxPixels) {
      throw new AppError(413, 'image_too_large', `This image is too large (${w}×${h}); the limit is ${Math.round(maxPixels / 1e6)} megapixels.`);
    }
    const seen = opts.owner === undefined ? null : this.allowed.key(opts.owner, buf);
    const classified = Math.min(w, h) >= MIN_CLASSIFIED_SIDE && !(seen && this.allowed.has(seen));
    // A baseline JPEG decodes at 1/2 to 1/8 scale for the small copy, so the classifier starts
    // within milliseconds and runs in its process while this one re-encodes. Anything else
    // (progressive JPEG, PNG, WebP) would be decoded whole a second time beside the re-encode,
    // doubling the peak memory: its copy is read from the clean JPEG once that exists.
    const early = classified && meta.format === 'jpeg' && !meta.isProgressive;
    const { clean, verdict } = await measure('decode', () => this.gate.run(async () => {
      const verdict = early ? this.check(buf) : null;
      // Awaited below once the re-encode succeeded; a corrupt file answers as corrupt first.
      verdict?.catch(() => undefined);
      return { clean: await this.reencode(buf), verdict };
    }, w * h));
    if (verdict) await verdict;
    else if (classified) await this.check(clean.body);
    if (classified && seen) this.allowed.add(seen);
    return clean;
  }

  private check(image: Buffer): Promise<void> {
    return this.classifierPixels(image).then((rgb) => measure('content', () => this.content.assertAllowed(rgb)));
  }

  /** The whole photo, upright, on white, as a fresh JPEG. */
  private async reencode(buf: Buffer): Promise<CleanImage> {
    try {
      // rotate() applies EXIF orientation; sharp drops all metadata unless asked to keep it.
      // sequentialRead: decode top to bottom in strips. optimiseCoding off: the optimised Huffman
      // tables need the whole image's coefficients in memory first (the pixels are the same).
      const { data, info } = await sharp(buf, { limitInputPixels: this.maxPixels, failOn: 'error', sequentialRead: true })
        .rotate()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4', optimiseCoding: false })
        .toBuffer({ resolveWithObject: true });
      return { body: data, width: info.width, height: info.height };
    } catch {
      throw corrupt();
    }
  }

  /** The same upright, flattened photo, stretched to the classifier's square as raw RGB. */
  private async classifierPixels(buf: Buffer): Promise<Buffer> {
    try {
      return await sharp(buf, { limitInputPixels: this.maxPixels, failOn: 'error', sequentialRead: true })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(CLASSIFIER_SIDE, CLASSIFIER_SIDE, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer();
    } catch {
      throw corrupt();
    }
  }
}
