import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EngineError, loadModels, swapFaces, type SwapResult } from '../src/index.ts';
import { fixture, FILES } from './fixtures.ts';

beforeAll(async () => { await loadModels(); });

async function codeOf(p: Promise<unknown>): Promise<string> {
  try { await p; return 'ok'; } catch (e) { expect(e).toBeInstanceOf(EngineError); return (e as EngineError).code; }
}

/** The result's pixels where the face swapped `k`-th may change. */
function maskedPixels(r: SwapResult, k: number): number[] {
  const { image, masks } = r.raw!;
  const { roi, support } = masks[k]!;
  const out: number[] = [];
  for (let y = 0; y < roi.h; y++) {
    for (let x = 0; x < roi.w; x++) {
      if (!support[y * roi.w + x]) continue;
      const i = ((roi.y + y) * image.width + roi.x + x) * 3;
      out.push(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
    }
  }
  return out;
}

describe('swaps with several (target face, source) pairs', () => {
  it('gives each chosen face its own source in one pass, as two single swaps would', async () => {
    const crew = fixture(FILES.crew), asian = fixture(FILES.eastAsian), eileen = fixture(FILES.eileen);
    const both = await swapFaces({ source: asian, moreSources: [eileen], target: crew, pairs: [{ target: 0, source: 0 }, { target: 1, source: 1 }], identity: false, keepRaw: true });
    expect(both.faces.targets.map((f) => f.index)).toEqual([0, 1]);
    const first = await swapFaces({ source: asian, target: crew, targetFaces: [0], identity: false, keepRaw: true });
    const second = await swapFaces({ source: eileen, target: crew, targetFaces: [1], identity: false, keepRaw: true });
    expect(maskedPixels(both, 0)).toEqual(maskedPixels(first, 0));
    expect(maskedPixels(both, 1)).toEqual(maskedPixels(second, 0));
    // The third astronaut is left as he was.
    expect(both.raw!.masks).toHaveLength(2);
  });

  it('takes, of a person\'s several photos, the one closestPhoto picks for the target face', async () => {
    const asian = fixture(FILES.eastAsian);
    const half = await sharp(asian).resize(240).jpeg({ quality: 95 }).toBuffer();
    const crew = fixture(FILES.crew);
    const photos = [half, asian];
    const fromList = await swapFaces({ source: photos, target: crew, identity: false });
    const k = fromList.faces.sourcePhotos?.[0];
    expect(k === 0 || k === 1).toBe(true);
    const fromOne = await swapFaces({ source: photos[k!]!, target: crew, identity: false });
    expect(fromList.faces.source.size).toBe(fromOne.faces.source.size);
    expect(fromList.image.equals(fromOne.image)).toBe(true);
  });

  it('refuses pairs that name no face, a missing source, a face twice, or come with targetFaces', async () => {
    const crew = fixture(FILES.crew), asian = fixture(FILES.eastAsian);
    expect(await codeOf(swapFaces({ source: asian, target: crew, pairs: [{ target: 7, source: 0 }] }))).toBe('invalid_options');
    expect(await codeOf(swapFaces({ source: asian, target: crew, pairs: [{ target: 0, source: 1 }] }))).toBe('invalid_options');
    expect(await codeOf(swapFaces({ source: asian, target: crew, pairs: [{ target: 0, source: 0 }, { target: 0, source: 0 }] }))).toBe('invalid_options');
    expect(await codeOf(swapFaces({ source: asian, target: crew, pairs: [{ target: 0, source: 0 }], targetFaces: 'all' }))).toBe('invalid_options');
    expect(await codeOf(swapFaces({ source: asian, target: crew, pairs: [] }))).toBe('invalid_options');
  });
});
