import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, loadModels } from '../../index.ts';
import { decodeImage } from '../../io/decode.ts';
import { flatPoints } from '../../face/face.ts';
import { mouthCoveredIn } from '../mask/occlusion.ts';
import { faceRoi } from '../../face/face.ts';
import { fixture, FILES } from '../../../test/fixtures.ts';

beforeAll(async () => { await loadModels(); });

async function covered(file: string): Promise<boolean> {
  const buf = fixture(file);
  const [img, d] = await Promise.all([decodeImage(buf), detectFaces(buf)]);
  const face = d.faces[0]!;
  return mouthCoveredIn(img.data, img.width, faceRoi(face, img.width, img.height), flatPoints(face));
}

describe('outline reshaping is left out where a cover hides the jaw', () => {
  it('finds the scarf over 014\'s mouth before any warp', async () => {
    expect(await covered(FILES.scarf)).toBe(true);
  });

  it('finds bare mouths bare', async () => {
    for (const f of [FILES.eileen, FILES.older, FILES.eastAsian, FILES.hopper]) expect(await covered(f)).toBe(false);
  });
});
