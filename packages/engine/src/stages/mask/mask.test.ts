// The blend mask's feather beside what the source does not show: a straight edge, a small hole, a
// notch, an open mouth.
import { describe, expect, it } from 'vitest';
import { TRI_MOUTH, TRI_OUTER, TRI_SKIN } from '../../mesh/topology.ts';
import { buildMasks, EDGE_RISE, FEATHER } from './mask.ts';
import { distanceTo } from '../../raster/distance.ts';
import { gaussianBlur } from '../../raster/blur.ts';
import { smoothstep } from '../../raster/ramp.ts';

describe('distance to the nearest marked cell', () => {
  it('is 1 straight, √2 diagonal, and a chamfer sum further out; w + h when nothing is marked', () => {
    const w = 9, h = 7, marked = new Uint8Array(w * h);
    marked[3 * w + 4] = 1;
    const d = distanceTo(marked, w, h);
    expect(d[3 * w + 4]).toBe(0);
    expect(d[3 * w + 5]).toBe(1);
    expect(d[2 * w + 4]).toBe(1);
    expect(d[2 * w + 3]).toBeCloseTo(Math.SQRT2, 6);
    // (3, 2) away: two diagonal steps and one straight, within 8% of the true 3.61.
    expect(d[1 * w + 7]).toBeCloseTo(2 * Math.SQRT2 + 1, 5);
    expect(d[0]).toBeCloseTo(3 * Math.SQRT2 + 1, 5);
    expect(Array.from(distanceTo(new Uint8Array(w * h), w, h))).toEqual(new Array(w * h).fill(w + h));
  });
});

describe('mask feather beside what the source does not show', () => {
  // A 200 px face: swapped skin over rows and columns 20-179 (the feather's sigma is 6 px).
  const w = 200, h = 200, size = 200;
  const roi = { x: 0, y: 0, w, h };
  /** The face's cover with each block [x0, x1) × [y0, y1) given the class after it. */
  type Block = [number, number, number, number, number];
  const face = (...blocks: Block[]) => {
    const cover = new Uint8Array(w * h);
    const all: Block[] = [[20, 180, 20, 180, TRI_SKIN], ...blocks];
    for (const [x0, x1, y0, y1, cls] of all) {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) cover[y * w + x] = cls;
    }
    return cover;
  };
  const ramp = FEATHER * EDGE_RISE * size;

  it('rises from a small hole as from a straight edge, with no step at its rim', () => {
    // A 6 × 6 hole in the middle (a stretched triangle left to the target): the blurred cover
    // hardly dips there (0.9), and the feather stood at about 0.6 right beside it.
    const cover = face([97, 103, 97, 103, TRI_OUTER]);
    const alpha = buildMasks(cover, roi, size, false).alpha;
    const row = (x: number) => alpha[100 * w + x]!;
    expect(row(100)).toBe(0);
    expect(row(103)).toBeLessThan(0.1);
    expect(row(105)).toBeLessThan(0.4);
    expect(row(103 + Math.ceil(ramp))).toBeGreaterThan(0.8);
    // Rising all the way, never by more than a quarter in one pixel (it jumped 0 → 0.89).
    for (let x = 103; x < 103 + ramp; x++) {
      expect(row(x + 1)).toBeGreaterThanOrEqual(row(x));
      expect(row(x + 1) - row(x)).toBeLessThan(0.25);
    }
  });

  it('rises from the walls of a narrow notch cut in from the outline', () => {
    const cover = face([98, 102, 20, 70, TRI_OUTER]);
    const alpha = buildMasks(cover, roi, size, false).alpha;
    expect(alpha[60 * w + 102]).toBeLessThan(0.1);
    expect(alpha[60 * w + 97]).toBeLessThan(0.1);
  });

  it('leaves the feather along a straight edge as the blurred cover has it', () => {
    // The outline's ramp: the swapped cover blurred by the feather, from 0.5 at the edge to 1.
    const cover = face();
    const alpha = buildMasks(cover, roi, size, false).alpha;
    const blurred = Float32Array.from(cover, (c) => (c === TRI_SKIN ? 1 : 0));
    gaussianBlur(blurred, w, h, FEATHER * size);
    for (let x = 20; x < 60; x++) expect(alpha[100 * w + x]).toBeCloseTo(smoothstep((blurred[100 * w + x]! - 0.5) * 2), 5);
  });

  it('keeps the lips at strength up to an open mouth', () => {
    // The opening is a hole the lips end at sharply, as they do on a face.
    const cover = face([70, 130, 120, 126, TRI_MOUTH]);
    const open = buildMasks(cover, roi, size, true).alpha;
    expect(open[123 * w + 100]).toBe(0);
    expect(open[126 * w + 100]).toBeGreaterThan(0.3);
    expect(open[119 * w + 100]).toBeGreaterThan(0.3);
  });
});
