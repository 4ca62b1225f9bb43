import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import zlib from 'node:zlib';
import { decodeImage, readHeader } from './decode.ts';
import { EngineError } from '../core/errors.ts';
import { fixture, FILES } from '../../test/fixtures.ts';

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return (e as EngineError).code;
  }
}

/** A valid PNG header claiming width × height, with one tiny IDAT: decoding it would be a bomb. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const crcTable = new Int32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  const crc = (b: Buffer) => { let c = -1; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ -1) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
}

describe('decode', () => {
  it('decodes PNG and JPEG fixtures to packed RGB', async () => {
    const png = await decodeImage(fixture(FILES.eileen));
    expect([png.width, png.height, png.data.length]).toEqual([512, 512, 512 * 512 * 3]);
    const jpg = await decodeImage(fixture(FILES.crew));
    expect([jpg.width, jpg.height]).toEqual([600, 471]);
  });

  it('honours EXIF orientation', async () => {
    // 80×40 image, left half red, stored with orientation 6 (rotate 90° clockwise to display).
    const raw = Buffer.alloc(80 * 40 * 3);
    for (let y = 0; y < 40; y++) for (let x = 0; x < 80; x++) raw[(y * 80 + x) * 3] = x < 40 ? 255 : 0;
    const jpeg = await sharp(raw, { raw: { width: 80, height: 40, channels: 3 } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const img = await decodeImage(jpeg);
    expect([img.width, img.height]).toEqual([40, 80]);
    // After a clockwise turn the red (left) half is at the top.
    expect(img.data[(10 * 40 + 20) * 3]).toBeGreaterThan(200);
    expect(img.data[(70 * 40 + 20) * 3]).toBeLessThan(60);
  });

  it('refuses a 30000×30000 header before decoding, fast', async () => {
    const bomb = pngHeaderOnly(30000, 30000);
    const t = performance.now();
    expect(await codeOf(decodeImage(bomb))).toBe('image_too_large');
    expect(performance.now() - t).toBeLessThan(200);
    await expect(readHeader(bomb)).rejects.toThrow(/30000×30000/);
  });

  it('applies a configurable pixel cap', async () => {
    expect(await codeOf(decodeImage(fixture(FILES.eileen), 100_000))).toBe('image_too_large');
  });

  it('reports a truncated file as corrupt', async () => {
    const full = fixture(FILES.crew);
    expect(await codeOf(decodeImage(full.subarray(0, Math.floor(full.length / 2))))).toBe('corrupt_image');
    const png = fixture(FILES.eileen);
    expect(await codeOf(decodeImage(png.subarray(0, Math.floor(png.length / 3))))).toBe('corrupt_image');
  });

  it('refuses formats other than JPEG and PNG', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(await codeOf(decodeImage(gif))).toBe('unsupported_format');
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).webp().toBuffer();
    expect(await codeOf(decodeImage(webp))).toBe('unsupported_format');
    expect(await codeOf(decodeImage(Buffer.from('hello, not an image')))).toBe('unsupported_format');
    expect(await codeOf(decodeImage(Buffer.alloc(0)))).toBe('corrupt_image');
  });

  it('refuses a 1×1 PNG as too small to hold a face', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
    const t = performance.now();
    expect(await codeOf(decodeImage(tiny))).toBe('face_too_small');
    expect(performance.now() - t).toBeLessThan(200);
  });
});
