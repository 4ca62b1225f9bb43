// Decoding with sharp. The format and pixel count are read from the header before any pixel is
// decoded, so a 30000×30000 bomb is refused in microseconds.
import sharp from 'sharp';
import { EngineError } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';

export const DEFAULT_MAX_PIXELS = 40_000_000;
/** Smallest side, in pixels, an image must have to possibly hold a usable face. */
export const MIN_IMAGE_SIDE = 32;

export type ImageRole = 'source' | 'target' | 'image';

function sniff(buf: Buffer): 'jpeg' | 'png' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  return null;
}

export interface HeaderInfo { format: 'jpeg' | 'png'; width: number; height: number; orientation: number }

/** Reads and validates the header only. Throws EngineError. */
export async function readHeader(buf: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<HeaderInfo> {
  if (!Buffer.isBuffer(buf) || buf.length === 0) throw new EngineError('corrupt_image', 'The image file is empty.');
  const format = sniff(buf);
  if (!format) throw new EngineError('unsupported_format');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw new EngineError('corrupt_image');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new EngineError('corrupt_image');
  if (width * height > maxPixels) {
    const mp = (maxPixels / 1e6).toFixed(0);
    throw new EngineError('image_too_large', `The image is too large: ${width}×${height} pixels exceeds the ${mp}-megapixel limit.`, { width, height, maxPixels });
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new EngineError('face_too_small', `The image is too small to hold a face: ${width}×${height} pixels (at least ${MIN_IMAGE_SIDE} pixels on each side are needed).`, { width, height });
  }
  return { format, width, height, orientation: meta.orientation ?? 1 };
}

/** Decodes to packed RGB, applying EXIF orientation and flattening transparency onto white. */
export async function decodeImage(buf: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<RgbImage> {
  await readHeader(buf, maxPixels);
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    out = await sharp(buf, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new EngineError('corrupt_image');
  }
  const { width, height, channels } = out.info;
  if (channels !== 3) throw new EngineError('corrupt_image');
  return { data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.length), width, height };
}

/**
 * The photo shrunk so its longer side is at most `maxSide` (the photo itself when it already is),
 * and the factors applied per axis. Pixel centres map as x_small = (x + 0.5) · sx − 0.5.
 */
export async function shrunk(img: RgbImage, maxSide: number): Promise<{ image: RgbImage; sx: number; sy: number }> {
  const side = Math.max(img.width, img.height);
  if (side <= maxSide) return { image: img, sx: 1, sy: 1 };
  const width = Math.max(1, Math.round((img.width * maxSide) / side)), height = Math.max(1, Math.round((img.height * maxSide) / side));
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  return { image: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }, sx: info.width / img.width, sy: info.height / img.height };
}
