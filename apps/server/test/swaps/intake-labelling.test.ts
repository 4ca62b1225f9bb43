import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cleanImage, configureImageIntake, DEFAULT_MAX_PIXELS, sniffImage } from '../../src/modules/swaps/image-intake.ts';
import { DIGITAL_SOURCE_TYPE, manipulationXmp, withXmp } from '../../src/modules/swaps/labelling.ts';

const solid = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#8a6' } });

describe('image intake', () => {
  it('recognises JPEG and PNG by their bytes, not their name', async () => {
    expect(sniffImage(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImage(await solid(4, 4).webp().toBuffer())).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeNull();
  });

  it('refuses other formats with the spec message', async () => {
    await expect(cleanImage(await solid(4, 4).webp().toBuffer())).rejects.toMatchObject({
      status: 415,
      message: 'Please select a valid image file (jpeg, png, or jpg).',
    });
  });

  it('refuses a truncated file as corrupt', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    await expect(cleanImage(jpeg.subarray(0, 40))).rejects.toMatchObject({ code: 'corrupt_image' });
  });

  it('caps the pixel count from the header, before decoding', async () => {
    const big = await solid(300, 300).png().toBuffer();
    await expect(cleanImage(big, 50_000)).rejects.toMatchObject({ status: 413, code: 'image_too_large' });
  });

  it('keeps the default cap near what browsers send (1920 px long side), far under 40 MP', () => {
    expect(DEFAULT_MAX_PIXELS).toBe(4096 * 4096);
  });

  it('decodes one image at a time by default, lets a few wait, and answers 503 with Retry-After past that', async () => {
    configureImageIntake({ concurrency: 1, queue: 2 });
    try {
      const png = await solid(1500, 1500).png().toBuffer();
      // One decodes, two wait, the fourth is refused at once.
      const results = await Promise.allSettled([cleanImage(png), cleanImage(png), cleanImage(png), cleanImage(png)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': '2' } });
      // Once the line has moved, the next one is taken again.
      await expect(cleanImage(png)).resolves.toMatchObject({ width: 1500, height: 1500 });
    } finally {
      configureImageIntake({ concurrency: 1, queue: 32 });
    }
  });

  it('applies EXIF orientation and strips every piece of metadata', async () => {
    const tagged = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
      .toBuffer();
    const clean = await cleanImage(tagged);
    expect([clean.width, clean.height]).toEqual([20, 40]);
    const meta = await sharp(clean.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(clean.body.includes(Buffer.from('secret-owner'))).toBe(false);
  });
});

describe('manipulation labelling', () => {
  it('adds an XMP packet with the IPTC digital source type without touching the pixels', async () => {
    const jpeg = await solid(32, 16).jpeg().toBuffer();
    const labelled = withXmp(jpeg, manipulationXmp(new Date('2026-11-22T00:00:00Z')));
    const meta = await sharp(labelled).metadata();
    expect(meta.xmp?.toString('utf8')).toContain(DIGITAL_SOURCE_TYPE);
    const [a, b] = await Promise.all([sharp(jpeg).raw().toBuffer(), sharp(labelled).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses what is not a JPEG', () => {
    expect(() => withXmp(Buffer.from('nope'), 'x')).toThrow('not a JPEG');
  });
});
