// Checks an uploaded image by its content (never the declared type), caps its pixel count
// before decoding, and re-encodes it so nothing of the original file (metadata, trailing
// bytes, odd chunks) is ever stored.
import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';

export const DEFAULT_MAX_PIXELS = 40_000_000;

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
  try {
    // rotate() applies EXIF orientation; sharp drops all metadata unless asked to keep it.
    const { data, info } = await sharp(buf, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(422, 'corrupt_image', 'This image file is damaged and cannot be read.');
  }
}
