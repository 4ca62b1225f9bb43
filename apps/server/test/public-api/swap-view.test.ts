// The public API's progress of a swap: a photo's from its job, a video's from its segments' frames
// (the video runs as several jobs, so its own job's progress says nothing while frames are swapped).
import { describe, expect, it } from 'vitest';
import type { JobEvent } from '@visage/contracts';
import { progressOf } from '../../src/modules/public-api/swap-view.ts';
import type { SwapRow } from '../../src/modules/swaps/repository.ts';

const row = (over: Partial<SwapRow>) => ({ id: 's1', job_id: 'j1', status: 'running', kind: 'image', ...over }) as SwapRow;
const queue = { get: async () => ({ progress: { stage: 'warp', progress: 0.25 } }) } as never;
const swaps = (event: JobEvent) => ({ videoEvent: async () => event });

describe('progressOf', () => {
  it("reads a running photo swap's job", async () => {
    expect(await progressOf(row({}), queue, swaps({ type: 'queued', jobId: 'j1' }))).toBe(0.25);
  });

  it("reads a running video swap's frames, not its job", async () => {
    const event: JobEvent = { type: 'running', jobId: 'j1', stage: 'swap', progress: 0.57, frames: { done: 180, total: 300 } };
    expect(await progressOf(row({ kind: 'video' }), queue, swaps(event))).toBe(0.57);
    expect(await progressOf(row({ kind: 'video' }), queue, swaps({ type: 'queued', jobId: 'j1' }))).toBe(0);
  });

  it('is 1 once done and 0 before it runs', async () => {
    expect(await progressOf(row({ kind: 'video', status: 'done' }), queue, swaps({ type: 'queued', jobId: 'j1' }))).toBe(1);
    expect(await progressOf(row({ status: 'queued' }), queue, swaps({ type: 'queued', jobId: 'j1' }))).toBe(0);
  });
});
