// The explicit-content classifier in its worker thread: loads from disk, answers per photo,
// and the face fixtures are far from the refusal threshold.
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CLASSIFIER_SIDE, createContentChecker, explicitScore, EXPLICIT_THRESHOLD } from '../index.ts';
import { fixture, FILES } from '../../test/fixtures.ts';

const checker = createContentChecker();
afterAll(() => checker.close());

describe('content checker', () => {
  it('classifies face photos as not explicit, one model loaded once', async () => {
    const loadMs = await checker.warm();
    expect(loadMs).toBeGreaterThan(0);
    for (const file of [FILES.eileen, FILES.hopper, FILES.crew]) {
      const jpeg = await sharp(fixture(file)).jpeg().toBuffer();
      const s = await checker.classify(jpeg);
      const sum = s.drawing + s.hentai + s.neutral + s.porn + s.sexy;
      expect(sum).toBeCloseTo(1, 2);
      expect(explicitScore(s), file).toBeLessThan(EXPLICIT_THRESHOLD / 2);
    }
    expect(await checker.warm()).toBe(loadMs);
  }, 120_000);

  it('fails a photo it cannot decode without stopping the worker', async () => {
    await expect(checker.classify(Buffer.from('not an image'))).rejects.toThrow(/content classifier/);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    expect((await checker.classify(jpeg)).neutral).toBeGreaterThan(0);
  }, 60_000);

  it('takes pixels already scaled to its side, with the scores of the decoded photo', async () => {
    const photo = await sharp(fixture(FILES.hopper)).jpeg().toBuffer();
    const rgb = await sharp(photo).resize(CLASSIFIER_SIDE, CLASSIFIER_SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const [fromPhoto, fromPixels] = [await checker.classify(photo), await checker.classify({ rgb })];
    for (const k of ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const) expect(fromPixels[k], k).toBeCloseTo(fromPhoto[k], 4);
    await expect(checker.classify({ rgb: rgb.subarray(0, 300) })).rejects.toThrow(/expected 224×224 RGB pixels/);
  }, 60_000);
});
