import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DIGITAL_SOURCE_TYPE, manipulationXmp, withXmp } from '../../src/modules/swaps/labelling.ts';

const solid = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#8a6' } });

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
