import { describe, expect, it } from 'vitest';
import type { SwapItem, SwapList } from '@visage/contracts';
import { applyFetched, EMPTY_GALLERY, orderSwaps } from './gallery-state';

const item = (id: string, createdAt: number, status: SwapItem['status'] = 'done'): SwapItem => ({
  id,
  image_url: `/app/api/media/swaps/${id}/result`,
  thumb_url: `/app/api/media/swaps/${id}/thumb`,
  createdAt,
  status,
});

describe('orderSwaps', () => {
  it('keeps finished swaps, newest first', () => {
    const list: SwapList = { a: item('a', 1), b: item('b', 3), c: item('c', 2, 'running'), d: item('d', 2) };
    expect(orderSwaps(list).map((s) => s.id)).toEqual(['b', 'd', 'a']);
  });
});

describe('applyFetched (processing ends through polling)', () => {
  it('takes the first answer as the known count without touching the flag', () => {
    const out = applyFetched(EMPTY_GALLERY, [item('a', 1)], true);
    expect(out.next.knownCount).toBe(1);
    expect(out.clearProcessing).toBe(false);
  });

  it('keeps the flag while the count has not grown', () => {
    const known = { items: [item('a', 1)], knownCount: 1 };
    expect(applyFetched(known, [item('a', 1)], true).clearProcessing).toBe(false);
  });

  it('clears the flag, updates the count and replaces the images when the count grows', () => {
    const known = { items: [item('a', 1)], knownCount: 1 };
    const fetched = [item('b', 2), item('a', 1)];
    const out = applyFetched(known, fetched, true);
    expect(out.clearProcessing).toBe(true);
    expect(out.next).toEqual({ items: fetched, knownCount: 2 });
  });

  it('has no flag to clear when nothing is processing', () => {
    const out = applyFetched({ items: [], knownCount: 0 }, [item('a', 1)], false);
    expect(out.clearProcessing).toBe(false);
    expect(out.next.knownCount).toBe(1);
  });

  it('counts the first result of a new user', () => {
    const out = applyFetched({ items: [], knownCount: 0 }, [item('a', 1)], true);
    expect(out.clearProcessing).toBe(true);
  });
});
