// The swap payloads the web app reads (upload answer, gallery entries, job events) and the one
// list of result warnings they share with the engine.
import { describe, expect, it } from 'vitest';
import { SWAP_WARNINGS } from '../src/warnings.ts';
import { jobEvent, swapItem, swapList, swapWarning, uploadResponse } from '../src/index.ts';

const done = { id: 's1', image_url: '/r.jpg', thumb_url: '/t.jpg', createdAt: 1, status: 'done' };

describe('warnings list', () => {
  it('names each warning once, in snake case', () => {
    expect(new Set(SWAP_WARNINGS).size).toBe(SWAP_WARNINGS.length);
    for (const w of SWAP_WARNINGS) expect(w).toMatch(/^(source|result)_[a-z_]+$/);
  });

  it('is exactly what a gallery entry may carry', () => {
    expect(swapWarning.options).toEqual([...SWAP_WARNINGS]);
    expect(swapItem.parse({ ...done, warnings: [...SWAP_WARNINGS] }).warnings).toEqual([...SWAP_WARNINGS]);
    expect(swapItem.safeParse({ ...done, warnings: ['source_upside_down'] }).success).toBe(false);
  });
});

describe('upload answer', () => {
  it('has an id, a job id and a known status', () => {
    expect(uploadResponse.parse({ id: 's1', jobId: 'swap-s1', status: 'queued' })).toEqual({ id: 's1', jobId: 'swap-s1', status: 'queued' });
    expect(uploadResponse.safeParse({ id: 's1', jobId: 'swap-s1', status: 'pending' }).success).toBe(false);
    expect(uploadResponse.safeParse({ id: 's1', status: 'queued' }).success).toBe(false);
  });
});

describe('gallery entries', () => {
  it('carry a failure code the client can translate, and refuse an unknown one', () => {
    const failed = { ...done, status: 'failed', error: { code: 'no_face_source', message: 'No face.' } };
    expect(swapItem.parse(failed).error?.code).toBe('no_face_source');
    expect(swapItem.safeParse({ ...failed, error: { code: 'kaboom', message: 'x' } }).success).toBe(false);
  });

  it('keep the optional "before" image and drop fields they do not know', () => {
    const parsed = swapItem.parse({ ...done, original_url: '/o.jpg', secret_key: 'uploads/ab/x.jpg' });
    expect(parsed.original_url).toBe('/o.jpg');
    expect(parsed).not.toHaveProperty('secret_key');
  });

  it('list swaps keyed by id, refusing an entry that is not a swap', () => {
    expect(Object.keys(swapList.parse({ s2: { ...done, id: 's2' }, s1: done }))).toEqual(['s2', 's1']);
    expect(swapList.safeParse({ s1: { ...done, createdAt: 'yesterday' } }).success).toBe(false);
  });
});

describe('job events', () => {
  it('read each event type with its own fields', () => {
    expect(jobEvent.parse({ type: 'running', jobId: 'j', stage: 'detect', progress: 0.5 })).toMatchObject({ type: 'running', progress: 0.5 });
    expect(jobEvent.parse({ type: 'done', jobId: 'j', swapId: 's1' })).toMatchObject({ swapId: 's1' });
    expect(jobEvent.safeParse({ type: 'done', jobId: 'j' }).success).toBe(false);
    expect(jobEvent.safeParse({ type: 'failed', jobId: 'j', code: 'nope', message: 'x' }).success).toBe(false);
    expect(jobEvent.safeParse({ type: 'paused', jobId: 'j' }).success).toBe(false);
  });

  it('keep progress between 0 and 1', () => {
    expect(jobEvent.safeParse({ type: 'running', jobId: 'j', stage: 's', progress: 1.2 }).success).toBe(false);
    expect(jobEvent.safeParse({ type: 'running', jobId: 'j', stage: 's', progress: -0.1 }).success).toBe(false);
  });
});
