// Attribute suggestions beyond gender, age and face shape: eyes, nose, lips and cheeks from the
// mesh, hair length and type from the pixels, and white hair told from platinum blonde.
import { describe, expect, it } from 'vitest';
import { decodedWithFace } from '../../test/fixtures.ts';
import { hairColorOf } from './describe.ts';
import { cheeksShapeOf, eyesShapeOf, featureMeasures, lipsShapeOf, noseShapeOf, type FeatureMeasures } from './face-features.ts';
import { hairLengthOf, hairMeasures, hairTypeOf } from './hair-style.ts';

type P = [number, number, number];
const shapes = (lm: P[]) => {
  const m = featureMeasures(lm);
  return { eyes: eyesShapeOf(m), nose: noseShapeOf(m), lips: lipsShapeOf(m), cheeks: cheeksShapeOf(m) };
};

describe('feature suggestions from the mesh', () => {
  it('reads different faces differently, and the same face the same way at any size or roll', async () => {
    const older = await decodedWithFace('007_ai-tpdne-older-woman.jpg');
    const elderly = await decodedWithFace('010_ai-sfhq-threequarter-elderly-man.jpg');
    const young = await decodedWithFace('012_ai-sfhq-east-asian-woman.jpg');
    expect(shapes(older.face.landmarks)).toEqual({ eyes: 'protruding', nose: 'button', lips: 'wide', cheeks: 'oval' });
    expect(shapes(elderly.face.landmarks)).toEqual({ eyes: 'deepSet', nose: 'bulbous', lips: 'full', cheeks: 'long' });
    expect(shapes(young.face.landmarks)).toEqual({ eyes: 'upturned', nose: 'straight', lips: 'bowShaped', cheeks: 'oval' });
    // Twice the size, turned by 20°: the face frame takes both out.
    const a = (20 * Math.PI) / 180;
    const moved = young.face.landmarks.map(([x, y, z]) => [2 * (x * Math.cos(a) - y * Math.sin(a)) + 50, 2 * (x * Math.sin(a) + y * Math.cos(a)) - 30, 2 * z] as P);
    expect(shapes(moved)).toEqual(shapes(young.face.landmarks));
  }, 60_000);

  it('maps each measure past its threshold to its shape', () => {
    const base: FeatureMeasures = { eyeOpening: 0.38, eyeTilt: 0.06, eyeDepth: 0.06, noseLength: 0.32, tipWidth: 1.05, tipProjection: 0.12, mouthWidth: 0.6, lipHeight: 0.33, upperToLower: 0.62, cornerDrop: -0.02, midCheek: 0.96, jaw: 0.8, cheekHeight: 0.55 };
    const with_ = (m: Partial<FeatureMeasures>) => ({ ...base, ...m });
    expect([base, with_({ eyeDepth: 0.1 }), with_({ eyeDepth: 0.01 }), with_({ eyeOpening: 0.45 }), with_({ eyeOpening: 0.28 }), with_({ eyeTilt: 0.13 }), with_({ eyeTilt: -0.03 })].map(eyesShapeOf))
      .toEqual(['almond', 'deepSet', 'protruding', 'round', 'hooded', 'upturned', 'downturned']);
    expect([base, with_({ tipProjection: 0.22 }), with_({ tipWidth: 1.2 }), with_({ noseLength: 0.29 }), with_({ tipProjection: 0.06 })].map(noseShapeOf))
      .toEqual(['straight', 'aquiline', 'bulbous', 'snub', 'button']);
    expect([base, with_({ cornerDrop: 0.05 }), with_({ lipHeight: 0.45 }), with_({ lipHeight: 0.45, mouthWidth: 0.5 }), with_({ lipHeight: 0.25 }), with_({ mouthWidth: 0.7 }), with_({ upperToLower: 0.75 })].map(lipsShapeOf))
      .toEqual(['bowShaped', 'downwardTurned', 'full', 'round', 'thin', 'wide', 'heartShaped']);
    expect([base, with_({ cheekHeight: 0.63 }), with_({ jaw: 0.86 }), with_({ cheekHeight: 0.46 }), with_({ jaw: 0.75 }), with_({ midCheek: 0.92 })].map(cheeksShapeOf))
      .toEqual(['oval', 'long', 'square', 'round', 'diamond', 'heartShaped']);
  });
});

describe('hair suggestions from the pixels', () => {
  it('measures dark hair on a light face: far from the skin, a crown of hair, ordered strands', async () => {
    const { img, face } = await decodedWithFace('012_ai-sfhq-east-asian-woman.jpg');
    const m = hairMeasures(img, face.landmarks, [7, 1.6, -1.7]);
    expect(m.hairToSkin).toBeGreaterThan(40);
    expect(m.crown).toBeGreaterThan(0.08);
    expect(m.coherence).toBeGreaterThan(0.6);
    expect(hairLengthOf(m)).toBe('short');
    expect(hairTypeOf(m)).toBe('straight');
    // A hair colour close to the skin's measures close to it: the bald rule reads this distance.
    const skin = hairMeasures(img, face.landmarks, [70, 12, 20]);
    expect(skin.hairToSkin).toBeLessThan(m.hairToSkin);
  }, 60_000);

  it('maps reach, crown and texture to lengths and types', () => {
    const m = { hairToSkin: 40, reach: -1, crown: 0.3, coherence: 0.7 };
    expect([m, { ...m, hairToSkin: 5 }, { ...m, crown: 0.04 }, { ...m, reach: -0.2 }, { ...m, reach: 0.5 }, { ...m, reach: 1 }].map(hairLengthOf))
      .toEqual(['short', 'bald', 'veryShort', 'medium', 'long', 'veryLong']);
    expect([m, { ...m, coherence: 0.45 }, { ...m, coherence: 0.35 }, { ...m, coherence: 0.2 }].map(hairTypeOf)).toEqual(['straight', 'wavy', 'curly', 'coily']);
  });

  it('tells white hair on an older face from platinum blonde on a young one', () => {
    const light = { l: 76, c: 14, h: 85 };
    expect(hairColorOf(light, 62)).toBe('white');
    expect(hairColorOf(light, 24)).toBe('blonde');
    expect(hairColorOf({ l: 58, c: 8, h: 70 }, 62)).toBe('grey');
  });
});
