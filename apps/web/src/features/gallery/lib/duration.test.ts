import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(-1)).toBe('0:00');
  });
});
