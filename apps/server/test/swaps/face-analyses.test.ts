// The picker's kept detections: per account and bytes, gone after their TTL, the oldest dropped past the bound.
import { describe, expect, it } from 'vitest';
import { FaceAnalyses } from '../../src/modules/swaps/face-analyses.ts';

const photo = (n: number) => ({ width: n, height: n, analysis: { faces: [] } });

describe('FaceAnalyses', () => {
  it('answers the same account for the same bytes only, until the TTL has passed', async () => {
    let now = 0;
    const kept = new FaceAnalyses(1000, 10, () => now);
    kept.put('alice', Buffer.from('a'), photo(1));
    expect((await kept.get('alice', Buffer.from('a')))?.width).toBe(1);
    expect(kept.get('bob', Buffer.from('a'))).toBeNull();
    expect(kept.get('alice', Buffer.from('b'))).toBeNull();
    now = 1001;
    expect(kept.get('alice', Buffer.from('a'))).toBeNull();
    expect(kept.size).toBe(0);
  });

  it('keeps at most its bound, dropping the oldest first', async () => {
    const kept = new FaceAnalyses(60_000, 3);
    for (let i = 0; i < 5; i++) kept.put('alice', Buffer.from([i]), photo(i));
    expect(kept.size).toBe(3);
    expect(kept.get('alice', Buffer.from([0]))).toBeNull();
    expect(kept.get('alice', Buffer.from([1]))).toBeNull();
    expect((await kept.get('alice', Buffer.from([4])))?.width).toBe(4);
  });

  it('keeps a detection still running, and drops it if it fails', async () => {
    const kept = new FaceAnalyses(60_000, 10);
    let finish: (p: ReturnType<typeof photo>) => void = () => undefined;
    kept.put('alice', Buffer.from('a'), new Promise((resolve) => { finish = resolve; }));
    const waiting = kept.get('alice', Buffer.from('a'));
    expect(waiting).not.toBeNull();
    finish(photo(7));
    expect((await waiting)?.width).toBe(7);

    kept.put('alice', Buffer.from('b'), Promise.reject(new Error('engine failed')));
    await expect(kept.get('alice', Buffer.from('b'))).rejects.toThrow('engine failed');
    expect(kept.get('alice', Buffer.from('b'))).toBeNull();
    expect(kept.size).toBe(1);
  });
});
