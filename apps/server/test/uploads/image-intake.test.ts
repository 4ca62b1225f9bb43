import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DEFAULT_MAX_PIXELS, ImageIntake, sniffImage, type ContentCheck } from '../../src/modules/uploads/image-intake.ts';

const solid = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#8a6' } });
const allowAll: ContentCheck = { assertAllowed: async () => undefined };
const intake = new ImageIntake({ content: allowAll });
const cleanImage = (buf: Buffer) => intake.clean(buf);

describe('image intake', () => {
  it('recognises JPEG and PNG by their bytes, not their name', async () => {
    expect(sniffImage(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImage(await solid(4, 4).webp().toBuffer())).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeNull();
  });

  it('refuses other formats with the message the upload form shows', async () => {
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
    await expect(new ImageIntake({ content: allowAll, maxPixels: 50_000 }).clean(big)).rejects.toMatchObject({ status: 413, code: 'image_too_large' });
  });

  it('answers 413, not "damaged", for a header past sharp\'s own 268 MP limit', async () => {
    // A valid PNG whose IHDR says 20000×20000 (400 MP), with its CRC fixed; never decoded.
    const png = Buffer.from(await solid(4, 4).png().toBuffer());
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expect(cleanImage(png)).rejects.toMatchObject({ status: 413, code: 'image_too_large' });
  });

  it('keeps the default cap near what browsers send (1920 px long side), far under 40 MP', () => {
    expect(DEFAULT_MAX_PIXELS).toBe(4096 * 4096);
  });

  it('decodes one maximum-size image at a time by default, lets a few wait, and answers 503 with Retry-After past that', async () => {
    const narrow = new ImageIntake({ content: allowAll, concurrency: 1, queue: 2, maxPixels: 1500 * 1500 });
    const png = await solid(1500, 1500).png().toBuffer();
    // One decodes, two wait, the fourth is refused at once.
    const results = await Promise.allSettled([narrow.clean(png), narrow.clean(png), narrow.clean(png), narrow.clean(png)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': '2' } });
    // Once the line has moved, the next one is taken again.
    await expect(narrow.clean(png)).resolves.toMatchObject({ width: 1500, height: 1500 });
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

  it('cannot be built without a content check, so the check is never silently skipped', () => {
    expect(() => new ImageIntake(undefined as unknown as { content: ContentCheck })).toThrow('content check');
    expect(() => new ImageIntake({} as { content: ContentCheck })).toThrow('content check');
  });

  it('asks the content check about every cleaned photo large enough to classify', async () => {
    const seen: number[] = [];
    const counting = new ImageIntake({ content: { assertAllowed: async (rgb) => void seen.push(rgb.length) } });
    await counting.clean(await solid(120, 120).png().toBuffer());
    await counting.clean(await solid(40, 40).png().toBuffer());
    expect(seen).toEqual([224 * 224 * 3]);
  });

  it('classifies a photo its owner had allowed lately once; another owner\'s, or a refused one, each time', async () => {
    let checks = 0;
    let refuse = false;
    const remembering = new ImageIntake({
      content: {
        assertAllowed: async () => {
          checks += 1;
          if (refuse) throw new Error('explicit');
        },
      },
    });
    const photo = await solid(300, 200).jpeg().toBuffer();
    await remembering.clean(photo, { owner: 'u1' });
    await remembering.clean(photo, { owner: 'u1' });
    expect(checks).toBe(1);
    await remembering.clean(photo, { owner: 'u2' });
    await remembering.clean(photo);
    expect(checks).toBe(3);
    refuse = true;
    const other = await solid(300, 201).jpeg().toBuffer();
    await expect(remembering.clean(other, { owner: 'u1' })).rejects.toThrow('explicit');
    await expect(remembering.clean(other, { owner: 'u1' })).rejects.toThrow('explicit');
    expect(checks).toBe(5);
  });

  it('classifies the photo as stored: upright, transparency on white', async () => {
    let rgb: Buffer = Buffer.alloc(0);
    const keeping = new ImageIntake({ content: { assertAllowed: async (pixels) => void (rgb = pixels) } });
    const at = (x: number, y: number) => [...rgb.subarray((y * 224 + x) * 3, (y * 224 + x) * 3 + 3)];
    // Red on the left, transparent on the right; EXIF 6 turns it a quarter clockwise: red on top.
    const halves = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 4, background: '#ff0000' } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const turned = await sharp(await sharp(halves).flatten({ background: '#0000ff' }).jpeg().toBuffer()).withMetadata({ orientation: 6 }).toBuffer();
    await keeping.clean(turned);
    expect(at(30, 20)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
    expect(at(30, 200)).toEqual([expect.closeTo(0, -1), expect.closeTo(0, -1), expect.closeTo(255, -1)]);
    // A PNG's copy is read from the stored JPEG (no second full decode beside the re-encode).
    await keeping.clean(halves);
    expect(at(20, 112)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
    expect(at(200, 112)).toEqual([expect.closeTo(255, -1), expect.closeTo(255, -1), expect.closeTo(255, -1)]);
  });
});
