// Encoding: the fidelity setting (quality ≥ 90) keeps a detailed photo above 40 dB PSNR; below it
// files are smaller. Metadata is never written.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodeImage } from './decode.ts';
import { encodeJpeg, encodeThumbnail, THUMBNAIL_SIDE } from './encode.ts';
import { fixture, FILES } from '../../test/fixtures.ts';

function psnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) { const d = a[i]! - b[i]!; se += d * d; }
  return 10 * Math.log10((255 * 255) / (se / a.length));
}

describe('encodeJpeg', () => {
  it('keeps the grain of a detailed photo above 40 dB at the default quality 90, in full-resolution colour', async () => {
    const img = await decodeImage(fixture(FILES.eileen));
    const jpeg = await encodeJpeg(img, 90);
    const back = await decodeImage(jpeg);
    expect(psnr(img.data, back.data)).toBeGreaterThan(40);
    const meta = await sharp(jpeg).metadata();
    expect(meta.chromaSubsampling).toBe('4:4:4');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('makes smaller files below quality 90', async () => {
    const img = await decodeImage(fixture(FILES.eileen));
    const [q90, q80] = await Promise.all([encodeJpeg(img, 90), encodeJpeg(img, 80)]);
    expect(q80.length).toBeLessThan(q90.length / 2);
    expect((await sharp(q80).metadata()).chromaSubsampling).toBe('4:2:0');
  });

  it('writes a WebP thumbnail at most 480 px on its longest side', async () => {
    const img = await decodeImage(fixture(FILES.crew));
    const thumb = await encodeThumbnail(img);
    const meta = await sharp(thumb.data).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(Math.min(THUMBNAIL_SIDE, Math.max(img.width, img.height)));
  });
});
