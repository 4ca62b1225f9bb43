// The video benchmark's steadiness figures (scripts/lib-video-figures.mjs) on frames and tracks
// whose answers are known by hand.
import { describe, expect, it } from 'vitest';
import { boxChange, jitterRatio, landmarkJitter, temporalStability, type TrackedFace } from '../../../../scripts/lib-video-figures.mjs';

/** A width × height RGB frame of one grey `level`, with `inside` in the box { x, y, w, h } when given. */
function frame(width: number, height: number, level: number, box?: { x: number; y: number; w: number; h: number; inside: number }) {
  const data = new Uint8Array(width * height * 3).fill(level);
  if (box) {
    for (let y = box.y; y < box.y + box.h; y++) data.fill(box.inside, (y * width + box.x) * 3, (y * width + box.x + box.w) * 3);
  }
  return { width, height, data };
}

describe('boxChange', () => {
  it('averages the absolute change inside the box only', () => {
    const a = frame(20, 10, 100, { x: 5, y: 2, w: 4, h: 4, inside: 50 });
    const b = frame(20, 10, 0, { x: 5, y: 2, w: 4, h: 4, inside: 80 });
    expect(boxChange(a, b, { x: 5, y: 2, width: 4, height: 4 })).toBe(30);
    // Half the box over changed pixels by 30, half over pixels changed by 100.
    expect(boxChange(a, b, { x: 5, y: 2, width: 8, height: 4 })).toBe(65);
  });

  it('clips the box to the frame and is NaN when nothing is left', () => {
    const a = frame(8, 8, 10);
    const b = frame(8, 8, 14);
    expect(boxChange(a, b, { x: -4, y: -4, width: 100, height: 100 })).toBe(4);
    expect(boxChange(a, b, { x: 20, y: 0, width: 5, height: 5 })).toBeNaN();
    expect(() => boxChange(a, frame(4, 8, 0), { x: 0, y: 0, width: 2, height: 2 })).toThrow(/different sizes/);
  });
});

describe('temporalStability', () => {
  it('is the ratio of the mean changes over the pairs measured in both', () => {
    expect(temporalStability([2, 4, 6], [2, 4, 6])).toBe(1);
    expect(temporalStability([3, 6, null, 9], [2, 4, 100, 6])).toBeCloseTo(1.5, 10);
    expect(temporalStability([NaN, 5], [1, 2])).toBe(2.5);
  });

  it('says what a still clip gives: 1 if the result is still too, Infinity if it flickers', () => {
    expect(temporalStability([0, 0], [0, 0])).toBe(1);
    expect(temporalStability([0, 1], [0, 0])).toBe(Infinity);
    expect(temporalStability([null], [1])).toBeNaN();
  });
});

describe('landmarkJitter', () => {
  const at = (xs: number[], height = 100): TrackedFace => ({ points: xs.map((x) => [x, 0]), height });

  it('is 0 for points moving at a steady speed', () => {
    expect(landmarkJitter([at([0, 10]), at([3, 13]), at([6, 16]), at([9, 19])])).toBe(0);
  });

  it('measures a tremble in face heights', () => {
    // +1, -1, +1: each second difference is 4 px, on a 100 px face.
    expect(landmarkJitter([at([1]), at([-1]), at([1]), at([-1])])).toBeCloseTo(0.04, 10);
    expect(landmarkJitter([at([1], 200), at([-1], 200), at([1], 200)])).toBeCloseTo(0.02, 10);
  });

  it('skips runs with a frame without a face, and is NaN with none left', () => {
    expect(landmarkJitter([at([1]), at([-1]), at([1]), null, at([50]), at([0])])).toBeCloseTo(0.04, 10);
    expect(landmarkJitter([at([1]), null, at([1])])).toBeNaN();
  });

  it('compares a result with its clip', () => {
    const clip = [at([1]), at([-1]), at([1]), at([-1])];
    const shaky = [at([2]), at([-2]), at([2]), at([-2])];
    expect(jitterRatio(shaky, clip)).toBeCloseTo(2, 10);
    expect(jitterRatio(shaky, [at([0]), at([1]), at([2])])).toBeNaN();
  });
});
