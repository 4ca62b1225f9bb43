// The hard pairs' covering figures (bench/hard-figures.ts) and the coverings they are drawn with
// (bench/coverings.ts): a wrong mask or palette would make the bench's "carried" and "kept" read nothing.
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/core/image.ts';
import { toLab, type Lab } from '../src/verdict/skin-figures.ts';
import { cover } from '../bench/coverings.ts';
import { coveringCarried, coveringKept, coveringPatch } from '../bench/hard-figures.ts';
import { decodedWithFace, fixture, FILES } from './fixtures.ts';

const W = 20;
function flat(rgb: [number, number, number]): RgbImage {
  const data = new Uint8Array(W * W * 3);
  for (let i = 0; i < W * W; i++) data.set(rgb, 3 * i);
  return { data, width: W, height: W };
}
function paint(img: RgbImage, rgb: [number, number, number], x0: number, y0: number, side: number): void {
  for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) img.data.set(rgb, 3 * (y * W + x));
}
const RED: [number, number, number] = [190, 30, 40];
const redPalette: Lab[] = [toLab(...RED)];
const all = new Uint8Array(W * W).fill(1);

describe('coveringCarried', () => {
  it('counts the face pixels that took the covering\'s colour, not those already of it in the target', () => {
    const target = flat([200, 160, 130]), result = flat([200, 160, 130]);
    paint(result, RED, 0, 0, 4);
    expect(coveringCarried(result, target, all, redPalette)).toBeCloseTo(16 / 400, 6);
    paint(target, RED, 0, 0, 2);
    expect(coveringCarried(result, target, all, redPalette)).toBeCloseTo(12 / 400, 6);
  });

  it('leaves out the pixels outside the face and under a covering of the target', () => {
    const target = flat([200, 160, 130]), result = flat([200, 160, 130]);
    paint(result, RED, 0, 0, 4);
    const oval = new Uint8Array(W * W).fill(1);
    oval.fill(0, 0, W); // the first row lies outside the face
    const targetCover = new Uint8Array(W * W);
    targetCover[W] = 1; // one pixel of the second row is under the target's own covering
    expect(coveringCarried(result, target, oval, redPalette, targetCover)).toBeCloseTo(11 / (380 - 1), 6);
  });
});

describe('coveringPatch', () => {
  it('counts what the covering changed against the bare swap, toward its colour, even relit', () => {
    const bare = flat([200, 160, 130]), result = flat([200, 160, 130]);
    paint(result, [120, 40, 40], 0, 0, 4); // a red carried and darkened: far from the palette's red, yet nearer it
    paint(result, [230, 200, 180], 10, 10, 3); // a change away from red: not the covering
    expect(coveringPatch(result, bare, all, redPalette)).toBeCloseTo(16 / 400, 6);
    expect(coveringPatch(bare, bare, all, redPalette)).toBe(0);
  });
});

describe('coveringKept', () => {
  it('is the share of the target covering\'s pixels the result left as they were', () => {
    const target = flat([200, 160, 130]), result = flat([200, 160, 130]);
    const mask = new Uint8Array(W * W);
    mask.fill(1, 0, 100);
    paint(result, [90, 60, 50], 0, 0, 5); // 5 rows of 5 within the covering, 25 pixels
    expect(coveringKept(result, target, all, mask)).toBeCloseTo(75 / 100, 6);
  });
});

describe('cover', () => {
  it('draws each covering where it belongs on a frontal face, with its own colours', async () => {
    const { img, face } = await decodedWithFace(FILES.older);
    const hand015 = (await decodedWithFace(FILES.hand)).face;
    const frame = { cx: hand015.box.x + hand015.box.width / 2, cy: hand015.box.y + hand015.box.height / 2, size: hand015.size };
    const at = (mask: Uint8Array, v: number) => mask[Math.round(face.landmarks[v]![1]) * img.width + Math.round(face.landmarks[v]![0])];
    const hat = await cover(fixture(FILES.older), face, 'hat', frame);
    expect([at(hat.mask, 10), at(hat.mask, 1), at(hat.mask, 13)]).toEqual([1, 0, 0]); // forehead covered, nose and mouth not
    expect(Math.max(...hat.palette.map((c) => c[1]))).toBeGreaterThan(30); // red
    const mic = await cover(fixture(FILES.older), face, 'mic', frame);
    expect([at(mic.mask, 13), at(mic.mask, 10)]).toEqual([1, 0]);
    expect(Math.max(...mic.palette.map((c) => c[0]))).toBeLessThan(20); // black
    const hand = await cover(fixture(FILES.older), face, 'hand', frame);
    // The hand lies against the cheek on the image's left, from the eye down past the mouth.
    expect([at(hand.mask, 234), at(hand.mask, 454), at(hand.mask, 1)]).toEqual([1, 0, 0]);
  }, 60_000);
});
