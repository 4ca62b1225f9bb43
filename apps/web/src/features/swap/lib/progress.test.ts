import { describe, expect, it } from 'vitest';
import { fallbackProgress, nextProgress } from './progress';

describe('fallbackProgress (100 × (1 − remaining / 75000))', () => {
  it('starts at 0 and grows linearly over 75 seconds', () => {
    expect(fallbackProgress(0)).toBe(0);
    expect(fallbackProgress(1000)).toBe(1); // 1.33 → 1
    expect(fallbackProgress(7500)).toBe(10);
    expect(fallbackProgress(37_500)).toBe(50);
    expect(fallbackProgress(60_000)).toBe(80);
  });

  it('stays within 0..99, never claiming completion on its own', () => {
    expect(fallbackProgress(-5000)).toBe(0);
    expect(fallbackProgress(75_000)).toBe(99);
    expect(fallbackProgress(200_000)).toBe(99);
  });
});

describe('nextProgress', () => {
  it('uses the formula when no event carried a progress figure', () => {
    expect(nextProgress({ elapsedMs: 15_000, eventProgress: null, previous: 0 })).toBe(20);
  });

  it('follows the job events when they arrive', () => {
    expect(nextProgress({ elapsedMs: 1000, eventProgress: 0.6, previous: 1 })).toBe(60);
    expect(nextProgress({ elapsedMs: 1000, eventProgress: 1, previous: 60 })).toBe(99);
  });

  it('never goes backwards', () => {
    expect(nextProgress({ elapsedMs: 30_000, eventProgress: 0.1, previous: 40 })).toBe(40);
    expect(nextProgress({ elapsedMs: 1000, eventProgress: null, previous: 70 })).toBe(70);
  });
});
