import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_SLOPE, MIN_CEILING, RatioHistogram, relitLevels, rollOff } from './highlights.ts';

describe('highlight ceiling', () => {
  const histogram = (samples: Array<[ratio: number, count: number]>) => {
    const h = new RatioHistogram();
    for (const [ratio, count] of samples) for (let k = 0; k < count; k++) h.add(ratio);
    return h;
  };

  it('lies at the brightness that more than 2% of the target\'s skin reaches', () => {
    // 5% of the skin at twice the light field: that is the target's own highlight.
    const c = histogram([[1, 950], [2, 50]]).ceiling();
    expect(c).toBeGreaterThanOrEqual(2);
    expect(c).toBeLessThan(2 * Math.exp(1 / 64) + 1e-9);
  });

  it('ignores a few outliers and never falls below the floor', () => {
    // 1% at three times the field (specks) do not raise it; an evenly lit face gets the floor.
    expect(histogram([[1, 990], [3, 10]]).ceiling()).toBe(MIN_CEILING);
    expect(histogram([[0.5, 500], [0.9, 500]]).ceiling()).toBe(MIN_CEILING);
  });

  it('is infinite (nothing rolled off) without enough skin to judge', () => {
    expect(histogram([[1, 99]]).ceiling()).toBe(Infinity);
    expect(histogram([[1, 40], [0, 100], [Number.NaN, 100]]).ceiling()).toBe(Infinity);
  });
});

describe('highlight roll-off', () => {
  it('leaves what is at or below the ceiling and compresses what is above, continuously and in order', () => {
    expect(rollOff(0.4, 1.3)).toBe(0.4);
    expect(rollOff(1.3, 1.3)).toBe(1.3);
    expect(rollOff(1.3 * 4, 1.3)).toBeCloseTo(1.3 * 4 ** HIGHLIGHT_SLOPE, 10);
    expect(rollOff(1.3001, 1.3)).toBeCloseTo(1.3, 3);
    let prev = 0;
    for (let q = 0.1; q < 6; q += 0.05) { const v = rollOff(q, 1.3); expect(v).toBeGreaterThan(prev); expect(v).toBeLessThanOrEqual(q); prev = v; }
  });

  it('measures brightness against the level the light field brings the source to', () => {
    expect(Array.from(relitLevels(Float32Array.of(49, 99), Float32Array.of(2, 0.5)))).toEqual([100, 50]);
  });
});
