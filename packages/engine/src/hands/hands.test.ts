import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels, swapFaces } from '../index.ts';
import sharp from 'sharp';
import { handsOnFace } from './find.ts';
import { fillHand, handCover } from './hand-shape.ts';
import { HAND_SHADE } from '../stages/mask/occlusion.ts';
import { topology } from '../mesh/topology.ts';
import { decodedWithFace, fixture, FILES } from '../../test/fixtures.ts';

/** Mean x of a hand's wrist and the first and last knuckles (points 0, 5, 17): where its palm is across the image. */
const palmX = (h: Float32Array) => (h[0]! + h[10]! + h[34]!) / 3;

/** An upright open right hand: wrist at (100, 190), knuckles 20 px apart at y = 110, fingers 60 px up. */
function openHand(): Float32Array {
  const p: number[] = [100, 190];
  // Thumb: out to the left.
  for (let j = 1; j <= 4; j++) p.push(100 - 15 * j, 175 - 12 * j);
  for (let f = 0; f < 4; f++) {
    const x = 70 + 20 * f;
    for (let j = 0; j < 4; j++) p.push(x, 110 - 20 * j);
  }
  return Float32Array.from(p);
}

describe('hand shape', () => {
  it('covers the palm, every finger and the heel, and not the gaps beside them', () => {
    const out = new Uint8Array(240 * 240);
    const h = openHand();
    fillHand(out, 240, 240, 0, 0, h);
    const at = (x: number, y: number) => out[Math.round(y) * 240 + Math.round(x)];
    for (let i = 0; i < 21; i++) expect(at(h[2 * i]!, h[2 * i + 1]!), `point ${i}`).toBe(1);
    // Between the knuckles and the wrist, along each finger, and past the wrist (the heel).
    expect(at(100, 150)).toBe(1);
    for (let f = 0; f < 4; f++) expect(at(70 + 20 * f, 80)).toBe(1);
    expect(at(100, 205)).toBe(1);
    // Beside the little finger by two knuckle spacings, and well above the fingertips.
    expect(at(170, 80)).toBe(0);
    expect(at(100, 20)).toBe(0);
  });

  it('marks the target’s hands where they lie, and the source’s where the warp carries them, with the shade beside them', () => {
    const { triangles } = topology();
    // A mesh spread over the region that maps every point onto itself: the warp is the identity.
    const pts = new Float32Array(2 * 468);
    for (let i = 0; i < 468; i++) { pts[2 * i] = 20 + ((i * 37) % 200); pts[2 * i + 1] = 20 + ((i * 91) % 200); }
    const roi = { x: 0, y: 0, w: 240, h: 240 };
    const none = handCover(roi, [], [], 200, { srcPts: pts, dstPts: pts, triangles });
    expect(none.plane).toBeNull();
    const target = handCover(roi, [openHand()], [], 200, { srcPts: pts, dstPts: pts, triangles });
    expect(target.fromSource).toBe(0);
    const alone = new Uint8Array(240 * 240);
    fillHand(alone, 240, 240, 0, 0, openHand());
    expect(Array.from(target.plane!)).toEqual(Array.from(alone));
    // The source's hand, warped by the identity over what the mesh covers, and a ring of shade.
    const source = handCover(roi, [], [openHand()], 200, { srcPts: pts, dstPts: pts, triangles });
    expect(source.fromSource).toBeGreaterThan(0);
    const plane = source.plane!;
    expect(plane[150 * 240 + 100]).toBe(1);
    expect(plane.filter((v) => v === HAND_SHADE).length).toBeGreaterThan(0);
    for (let i = 0; i < plane.length; i++) if (plane[i] === 1) expect(alone[i]).toBe(1);
  });
});

describe('hands against a face', () => {
  beforeAll(async () => { await loadModels(); });

  it('finds the hand against 015’s cheek, mirrored too, and none beside the other faces', async () => {
    const models = await loadModels();
    const { img, face } = await decodedWithFace(FILES.hand);
    const hands = handsOnFace(models, img, face);
    expect(hands).toHaveLength(1);
    // The palm (wrist and knuckles) lies on the face's left in the image, beside the nose's bottom.
    expect(palmX(hands[0]!)).toBeLessThan(face.landmarks[4]![0]);
    // Mirrored, the hand rests against the other cheek and is found there.
    const mirrored = await decodedWithFace(await sharp(fixture(FILES.hand)).flop().png().toBuffer());
    const other = handsOnFace(models, mirrored.img, mirrored.face);
    expect(other).toHaveLength(1);
    expect(palmX(other[0]!)).toBeGreaterThan(mirrored.face.landmarks[4]![0]);
    for (const name of [FILES.eileen, FILES.hopper, FILES.older, FILES.glasses, FILES.eastAsian, FILES.scarf]) {
      const other = await decodedWithFace(name);
      expect(handsOnFace(models, other.img, other.face), name).toEqual([]);
    }
  });

  it('keeps a target’s hand in front of the new face, and tells when the source’s hand was left out', async () => {
    const { img: target, face } = await decodedWithFace(FILES.hand);
    const [hand] = handsOnFace(await loadModels(), target, face);
    const onHand = await swapFaces({ source: fixture(FILES.eileen), target: fixture(FILES.hand), identity: false, keepRaw: true });
    expect(onHand.warnings).toEqual([]);
    // Within the hand's outline (the bones' bands, no wider), the result is the target's own hand.
    const inside = new Uint8Array(target.width * target.height);
    fillHand(inside, target.width, target.height, 0, 0, hand!);
    const out = onHand.raw!.image.data;
    let sum = 0, count = 0;
    for (let i = 0; i < inside.length; i++) {
      if (!inside[i]) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(out[3 * i + c]! - target.data[3 * i + c]!);
      count += 3;
    }
    expect(sum / count).toBeLessThan(2);
    const fromHand = await swapFaces({ source: fixture(FILES.hand), target: fixture(FILES.eileen), identity: false });
    // 015 is also lit hard from one side (its shaded cheek 4–8 times darker than the other).
    expect(fromHand.warnings).toEqual(['source_hand', 'source_side_lit']);
  });
});
