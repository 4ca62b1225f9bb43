// Step 9: encode JPEG (no metadata: sharp writes none unless asked) and a gallery thumbnail.
import sharp from 'sharp';
import type { RgbImage } from './decode.ts';

export const THUMBNAIL_SIDE = 480;

export async function encodeJpeg(img: RgbImage, quality: number): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' })
    .toBuffer();
}

export async function encodeThumbnail(img: RgbImage): Promise<{ data: Buffer; type: 'image/webp' }> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return { data, type: 'image/webp' };
}
