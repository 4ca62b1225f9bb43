import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, swipeDirection, wrapIndex } from './viewer-index';

describe('viewer index', () => {
  it('moves forward and wraps from the last image to the first', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it('moves back and wraps from the first image to the last', () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('stays on a single image', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('brings any index into range (e.g. after the list shrank)', () => {
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('swipeDirection', () => {
  it('goes to the next image on a swipe to the left, the previous on a swipe to the right', () => {
    expect(swipeDirection(300, 200)).toBe('next');
    expect(swipeDirection(100, 220)).toBe('previous');
  });

  it('ignores short or mostly vertical moves', () => {
    expect(swipeDirection(100, 130)).toBeNull();
    expect(swipeDirection(100, 170, 0, 300)).toBeNull();
  });
});
