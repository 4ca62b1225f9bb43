import { describe, expect, it } from 'vitest';
import { sideLitShare, SIDE_LIT_SHARE, sourceSideLit } from './side-lit.ts';
import { decodedWithFace, FILES } from '../../test/fixtures.ts';

describe('sideLitShare', () => {
  it('finds the hard side light of 015 and none on the evenly or softly lit faces', async () => {
    const hand = await decodedWithFace(FILES.hand);
    // Its shaded cheek is 4–8 times darker than its mirror: 15% of its skin is beyond even-light's 2×.
    expect(sideLitShare(hand.img, hand.face)).toBeGreaterThan(2 * SIDE_LIT_SHARE);
    expect(sourceSideLit(hand.img, hand.face)).toBe(true);
    for (const name of [FILES.eileen, FILES.hopper, FILES.older, FILES.glasses, FILES.baby, FILES.eastAsian, FILES.scarf]) {
      const { img, face } = await decodedWithFace(name);
      expect(sideLitShare(img, face), name).toBe(0);
    }
  });

  it('judges only faces near frontal, whose midline in the photo is their own', async () => {
    // A head turned 48° shows one cheek and a sliver of the other: the halves are not mirrors.
    const { img, face } = await decodedWithFace(FILES.profile);
    expect(Math.abs(face.rotation.yaw)).toBeGreaterThan(20);
    expect(sideLitShare(img, face)).toBe(0);
  });
});
