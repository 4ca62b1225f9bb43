import { describe, expect, it } from 'vitest';
import { warmUp } from './warm-up.ts';

describe('warmUp', () => {
  it('swaps its own face in every frame of its chunk', async () => {
    const w = await warmUp();
    expect(w.swapped).toBe(12);
    expect(w.ms).toBeGreaterThan(0);
  }, 120_000);
});
