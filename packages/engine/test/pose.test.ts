// The result takes the target's head pose, not the face photo's: a face photo turned in the image
// plane (a tilted head, reproduced honestly by rotating the photo) swapped onto an upright face.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadModels, swapFaces } from '../src/index.ts';
import { decodeImage } from '../src/io/decode.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import { decodedWithFace, fixture, FILES } from './fixtures.ts';

beforeAll(async () => { await loadModels(); });

/** Largest difference of re-detected roll (degrees) between the result and its target. */
const MAX_ROLL_GAP = 2;

describe('head pose', () => {
  it('a face photo tilted by 15° gives a face tilted like the target', async () => {
    const tilted = await sharp(fixture(FILES.wireGlasses)).rotate(15, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();
    const source = await decodedWithFace(tilted);
    const target = await decodedWithFace(FILES.eastAsian);
    // The source really reads as tilted, by about the turn given to its photo.
    expect(Math.abs(source.face.rotation.roll - target.face.rotation.roll)).toBeGreaterThan(10);
    const r = await swapFaces({ source: tilted, target: fixture(FILES.eastAsian), identity: false });
    const [found] = await detectOnImage(await loadModels(), await decodeImage(r.image));
    expect(Math.abs(found!.rotation.roll - target.face.rotation.roll)).toBeLessThan(MAX_ROLL_GAP);
  });
});
