// The picker's kept detections: per account and bytes, gone after their TTL, the oldest dropped past the bound.
import { describe, expect, it } from 'vitest';
import { FaceAnalyses } from '../../src/modules/swaps/face-analyses.ts';

const photo = (n: number) => ({ width: n, height: n, analysis: { faces: [] } });

describe('FaceAnalyses', () => {
  it('answers the same account for the same bytes only, until the TTL has passed', () => {
    let now = 0;
    const kept = new FaceAnalyses(1000, 10, () => now);
    kept.put('alice', Buffer.from('a'), photo(1));
    expect(kept.get('alice', Buffer.from('a'))?.width).toBe(1);
    expect(kept.get('bob', Buffer.from('a'))).toBeNull();
    expect(kept.get('alice', Buffer.from('b'))).toBeNull();
    now = 1001;
    expect(kept.get('alice', Buffer.from('a'))).toBeNull();
    expect(kept.size).toBe(0);
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const kept = new FaceAnalyses(60_000, 3);
    for (let i = 0; i < 5; i++) kept.put('alice', Buffer.from([i]), photo(i));
    expect(kept.size).toBe(3);
    expect(kept.get('alice', Buffer.from([0]))).toBeNull();
    expect(kept.get('alice', Buffer.from([1]))).toBeNull();
    expect(kept.get('alice', Buffer.from([4]))?.width).toBe(4);
  });
});
