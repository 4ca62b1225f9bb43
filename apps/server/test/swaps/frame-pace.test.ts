// A video's time left from the pace an events stream watched, not from the swap's start.
import { describe, expect, it } from 'vitest';
import { FramePace, PACE_WINDOW_MS } from '../../src/modules/swaps/frame-pace.ts';

describe('FramePace', () => {
  it('says nothing until it has watched frames come for a while, then the time left at that pace', () => {
    const pace = new FramePace();
    expect(pace.etaMs({ done: 0, total: 300 }, 0)).toBeNull();
    // First frames seen after a slow start (8 s for 12): not counted in the pace.
    expect(pace.etaMs({ done: 12, total: 300 }, 8000)).toBeNull();
    expect(pace.etaMs({ done: 24, total: 300 }, 8000 + PACE_WINDOW_MS - 1)).toBeNull();
    // 48 more frames in 6 s: 8 a second, so 240 left take 30 s.
    expect(pace.etaMs({ done: 60, total: 300 }, 14_000)).toBe(30_000);
  });

  it('starts again when the count goes back (a segment redone after a crash)', () => {
    const pace = new FramePace();
    pace.etaMs({ done: 100, total: 300 }, 0);
    expect(pace.etaMs({ done: 70, total: 300 }, 5000)).toBeNull();
    expect(pace.etaMs({ done: 130, total: 300 }, 11_000)).toBe(17_000);
  });

  it('says nothing while no frame was added', () => {
    const pace = new FramePace();
    pace.etaMs({ done: 12, total: 300 }, 0);
    expect(pace.etaMs({ done: 12, total: 300 }, 10_000)).toBeNull();
  });

  it("takes the swap's own estimate before its own pace only once a quarter of the frames are done", () => {
    const pace = new FramePace();
    expect(pace.etaMs({ done: 12, total: 300 }, 0, 190_000)).toBeNull();
    expect(pace.etaMs({ done: 80, total: 300 }, 1000, 40_000)).toBe(40_000);
    // Watched for 4 s: 108 frames, so the 180 left take 6.7 s.
    expect(pace.etaMs({ done: 120, total: 300 }, 4000, 35_000)).toBe(6667);
  });
});
