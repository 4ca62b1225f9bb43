import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../io/decode.ts';
import { swapFaces } from '../../index.ts';
import { eyeWhiteLight, eyeWhites, lightOf, whiteBalance } from './sclera.ts';
import { luma } from '../../face/skin-model.ts';
import { decodedWithFace, fixture, FILES, lipsMask } from '../../../test/fixtures.ts';

/** 007 as under a tungsten-like light: blue at half, green at 0.82 (a camera left on daylight white balance). */
const warmLit = () => sharp(fixture(FILES.older)).recomb([[1.05, 0, 0], [0, 0.82, 0], [0, 0, 0.52]]).jpeg({ quality: 95 }).toBuffer();
/** The tint of a photo's eye whites, as the swap reads it. */
const scleraTint = (img: Parameters<typeof eyeWhiteLight>[0], face: Parameters<typeof eyeWhiteLight>[1]) => eyeWhiteLight(img, face)?.tint ?? null;

describe('eye whites as the white reference', () => {
  it('reads white light as white, a coloured light as its colour, and lids as nothing', async () => {
    const plain = await decodedWithFace(FILES.older);
    const white = scleraTint(plain.img, plain.face)!;
    expect(whiteBalance(white)).toEqual([1, 1, 1]);
    const img = await decodeImage(await warmLit());
    const warm = scleraTint(img, plain.face)!;
    expect(warm[2]).toBeLessThan(0.7);
    // Brought to white light, brightness kept.
    const f = whiteBalance(warm);
    const balanced = warm.map((t, c) => t * f[c]!);
    expect(luma(balanced)).toBeCloseTo(1, 5);
    // Blue over red: 0.48 under that light, 0.84 in white light's eye whites.
    expect(warm[2]! / warm[0]!).toBeLessThan(0.5);
    expect(balanced[2]! / balanced[0]!).toBeGreaterThan(0.75);
    // 003's eyes, narrowed behind glasses, show lids only: no less red than the skin.
    const hopper = await decodedWithFace(FILES.hopper);
    expect(eyeWhites(hopper.img, hopper.face)).not.toBeNull();
    expect(scleraTint(hopper.img, hopper.face)).toBeNull();
  });

  it('gives the eyes and teeth no light of their own between photos under white light', async () => {
    expect(lightOf(null)).toEqual([1, 1, 1]);
    for (const name of [FILES.eileen, FILES.older, FILES.glasses, FILES.eastAsian]) {
      const { img, face } = await decodedWithFace(name);
      const t = scleraTint(img, face);
      expect(t, name).not.toBeNull();
      // Neither brought to white as a source nor giving its light as a target.
      expect(whiteBalance(t), name).toEqual([1, 1, 1]);
      expect(lightOf(t), name).toEqual([1, 1, 1]);
    }
  });

  it('takes a warm or a cool light\'s colour out of the eyes and teeth of a face photo', async () => {
    const { face } = await decodedWithFace(FILES.eastAsian);
    // Blue over red of the new face's eye whites (read where the target's eyes are).
    const blueOverRed = async (source: Buffer) => {
      const r = await swapFaces({ source, target: fixture(FILES.eastAsian), identity: false, keepRaw: true });
      const w = eyeWhites(r.raw!.image, face)!;
      return w[2] / w[0];
    };
    const plain = await blueOverRed(fixture(FILES.older));
    const warm = await blueOverRed(await warmLit());
    // A cool light on warm skin leaves the skin nearly grey: its eye whites are still told apart.
    const cool = await blueOverRed(await sharp(fixture(FILES.older)).recomb([[0.8, 0, 0], [0, 0.95, 0], [0, 0, 1.2]]).jpeg({ quality: 95 }).toBuffer());
    // Kept as they were, they read 0.53 and 1.27 against the plain photo's 0.95.
    expect(plain).toBeGreaterThan(0.9);
    expect(warm).toBeGreaterThan(0.65);
    expect(cool).toBeLessThan(1.05);
  });

  it('brightens the mouth of a photo taken in the dark as far as its eye whites say it is darker', async () => {
    const { img: t, face } = await decodedWithFace(FILES.eastAsian);
    const lips = lipsMask(t, face);
    // Mean brightness of the new face over the target's lips (007's smile, teeth and lips).
    const mouth = async (source: Buffer) => {
      const o = (await swapFaces({ source, target: fixture(FILES.eastAsian), identity: false, keepRaw: true })).raw!.image.data;
      let sum = 0, n = 0;
      for (let i = 0; i < lips.length; i++) if (lips[i]) { sum += luma([o[3 * i]!, o[3 * i + 1]!, o[3 * i + 2]!]); n++; }
      return sum / n;
    };
    const plain = await mouth(fixture(FILES.older));
    // 007 at 0.3 of its exposure: its skin is brightened about 3×; its teeth and lips were held to
    // 1.25× (61 against the plain photo's 142).
    const dark = await mouth(await sharp(fixture(FILES.older)).linear(0.3, 0).jpeg({ quality: 90 }).toBuffer());
    expect(plain).toBeGreaterThan(130);
    expect(dark).toBeGreaterThan(70);
  });
});
