// closestPhoto picks, of a person's photos, the one turned and lit most like the target face;
// swapFaces given several photos swaps each target face from that one.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Face } from '../face/face.ts';
import { closestPhoto, faceLuminance, photoDistance, type LitFace } from './closest-photo.ts';
import { detectFaces } from './detect-faces.ts';
import { swapFaces } from './swap-faces.ts';
import { decodeImage } from '../io/decode.ts';
import { fixture } from '../../test/fixtures.ts';

function face(yaw: number, pitch = 0, roll = 0, light?: LitFace['light']): LitFace {
  return { index: 0, box: { x: 0, y: 0, width: 100, height: 100 }, score: 1, landmarks: [], rotation: { yaw, pitch, roll }, size: 100, partial: false, tooSmall: false, ...(light ? { light } : {}) };
}

describe('closestPhoto', () => {
  it('takes the photo turned most like the target, roll weighing little', () => {
    expect(closestPhoto(face(20), [face(-25), face(18), face(0)])).toBe(1);
    expect(closestPhoto(face(-30, 10), [face(-30, -15), face(-22, 8), face(30, 10)])).toBe(1);
    // In-plane rotation is undone by the warp: 40° of roll costs less than 8° of yaw.
    expect(closestPhoto(face(0, 0, 0), [face(8), face(0, 0, 40)])).toBe(1);
    expect(closestPhoto(face(0), [])).toBe(-1);
  });

  it('breaks a pose tie on light: the side the light comes from, then its level', () => {
    const fromLeft = { left: 160, right: 90, mean: 125 }, even = { left: 120, right: 124, mean: 122 }, dark = { left: 50, right: 52, mean: 51 };
    expect(closestPhoto(face(5, 0, 0, fromLeft), [face(5, 0, 0, even), face(5, 0, 0, fromLeft)])).toBe(1);
    expect(closestPhoto(face(5, 0, 0, even), [face(5, 0, 0, dark), face(5, 0, 0, even)])).toBe(1);
    // Light is only compared when both faces have it read.
    expect(photoDistance(face(5, 0, 0, even), face(10))).toBe(5);
  });
});

describe('several photos of the source person', () => {
  it('reads a mirrored face as turned and lit the other way, and swaps each target from the closest photo', async () => {
    const original = fixture('010_ai-sfhq-threequarter-elderly-man.jpg');
    const mirrored = await sharp(original).flop().jpeg({ quality: 92 }).toBuffer();
    const [a, b] = await Promise.all([detectFaces(original), detectFaces(mirrored)]);
    const fa = a.faces[0]!, fb = b.faces[0]!;
    expect(Math.sign(fa.rotation.yaw)).toBe(-Math.sign(fb.rotation.yaw));
    expect(Math.abs(fa.rotation.yaw)).toBeGreaterThan(10);
    const la = faceLuminance(await decodeImage(original), fa as Face), lb = faceLuminance(await decodeImage(mirrored), fb as Face);
    expect(la.left - la.right).toBeCloseTo(lb.right - lb.left, -1);
    // The man's own mirror image as target: the mirrored photo is his closest one.
    const result = await swapFaces({ source: [original, mirrored], target: mirrored, identity: false });
    expect(result.faces.sourcePhotos).toEqual([1]);
    const back = await swapFaces({ source: [mirrored, original], target: original, identity: false });
    expect(back.faces.sourcePhotos).toEqual([1]);
  }, 120_000);
});
