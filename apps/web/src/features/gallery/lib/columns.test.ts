import { describe, expect, it } from 'vitest';
import { columnCount, columnOf, rowSpan } from './columns';

describe('gallery columns', () => {
  it('uses 6/4/3/2 for the main gallery and 4/3/2/1 for the pro modes', () => {
    expect([1440, 1024, 768, 480].map((w) => columnCount('main', w))).toEqual([6, 4, 3, 2]);
    expect([1025, 1000, 700, 400].map((w) => columnCount('pro', w))).toEqual([4, 3, 2, 1]);
  });

  it('reads newest first across the top row and leaves no column empty with 10 results in 6 columns', () => {
    const columns = Array.from({ length: 10 }, (_, i) => columnOf(i, 6));
    expect(columns).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3]);
    expect(new Set(columns).size).toBe(6);
  });

  it('spans whole rows for a measured tile', () => {
    expect(rowSpan(212)).toBe(53);
    expect(rowSpan(213)).toBe(54);
    expect(rowSpan(0)).toBe(1);
  });
});
