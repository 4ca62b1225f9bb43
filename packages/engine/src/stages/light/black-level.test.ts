import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { swapFaces } from '../../index.ts';
import { liftVeil, pupilBlack, veilOver } from './black-level.ts';
import { decodedWithFace, fixture, FILES } from '../../../test/fixtures.ts';

/** A fixture (007 by default) behind a veil: half its range, lifted by 100 (black at 100, white at 227). */
const hazy = (name: string = FILES.older) => sharp(fixture(name)).linear(0.5, 100).png().toBuffer();

describe('pupils as the black reference', () => {
  it('reads a clear photo\'s pupils near black and a hazy one\'s lifted, and a pupil too small to tell as nothing', async () => {
    const clear = await decodedWithFace(FILES.older);
    expect(pupilBlack(clear.img, clear.face)).toBeLessThan(35);
    const veiled = await decodedWithFace(await hazy());
    expect(pupilBlack(veiled.img, veiled.face)).toBeGreaterThan(95);
    // The crew photo's faces are 60 px: their pupils are a few pixels, blurred into the iris.
    const crew = await decodedWithFace(FILES.crew);
    expect(pupilBlack(crew.img, crew.face)).toBeNull();
    expect(veilOver(pupilBlack(veiled.img, veiled.face), null)).toBe(0);
  });

  it('takes off what lies beyond the slack between two photos\' blacks, keeping white', () => {
    expect(veilOver(20, 5)).toBe(0);
    expect(veilOver(110, 10)).toBe(70);
    expect(veilOver(10, 110)).toBe(-70);
    const p = Float32Array.from([0, 50, 110, 180, 255]);
    liftVeil(p, 110, 70);
    expect(p[2]).toBeCloseTo(40, 5);
    expect(p[4]).toBeCloseTo(255, 5);
    expect(p[0]).toBe(0);
    expect(p[3]! - p[2]!).toBeGreaterThan(70);
    // A negative veil is laid over: black comes up, white stays.
    const q = Float32Array.from([10, 255]);
    liftVeil(q, 10, -70);
    expect(q[0]).toBeCloseTo(80, 5);
    expect(q[1]).toBeCloseTo(255, 5);
  });

  it('gives the new face dark pupils from a face photo seen through haze', async () => {
    const { face } = await decodedWithFace(FILES.eastAsian);
    const newPupils = async (source: Buffer) => pupilBlack((await swapFaces({ source, target: fixture(FILES.eastAsian), identity: false, keepRaw: true })).raw!.image, face)!;
    const plain = await newPupils(fixture(FILES.older));
    const veiled = await newPupils(await hazy());
    // Relit as it was, the veil stayed: 89 against the clear photo's 30.
    expect(plain).toBeLessThan(35);
    expect(veiled).toBeLessThan(55);
  });

  it('lays a hazy photo\'s veil over the new face', async () => {
    const veiled = await hazy(FILES.eastAsian);
    const { img, face } = await decodedWithFace(veiled);
    expect(pupilBlack(img, face)).toBeGreaterThan(95);
    const r = await swapFaces({ source: fixture(FILES.older), target: veiled, identity: false, keepRaw: true });
    // Clear as it was, the new face's pupils were 41 among the photo's lifted blacks (102).
    expect(pupilBlack(r.raw!.image, face)).toBeGreaterThan(65);
  });
});
