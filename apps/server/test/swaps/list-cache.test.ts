import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SwapListCache } from '../../src/modules/swaps/list-cache.ts';

describe('SwapListCache', () => {
  it('serves one load until the TTL passes, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new SwapListCache(1000, 10, () => now);
    const load = async () => ({ n: ++loads });
    const a = await cache.get('u1', 'main', load);
    const b = await cache.get('u1', 'main', load);
    expect(b).toBe(a);
    expect(JSON.parse(a.body)).toEqual({ n: 1 });
    // The compressed copy is the same body, made once with it.
    expect(gunzipSync(a.gzip).toString()).toBe(a.body);
    now = 1000;
    const c = await cache.get('u1', 'main', load);
    expect(JSON.parse(c.body)).toEqual({ n: 2 });
    expect(c.etag).not.toBe(a.etag);
  });

  it('drops every list of a user on a change, and only that user’s', async () => {
    let loads = 0;
    const cache = new SwapListCache(60_000, 10);
    const load = async () => ++loads;
    await cache.get('u1', 'main', load);
    await cache.get('u1', 'pending', load);
    await cache.get('u2', 'main', load);
    cache.invalidate('u1');
    expect((await cache.get('u1', 'main', load)).body).toBe('4');
    expect((await cache.get('u2', 'main', load)).body).toBe('3');
  });

  it('keeps at most maxEntries lists', async () => {
    const cache = new SwapListCache(60_000, 2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', 'x', load);
    await cache.get('b', 'x', load);
    await cache.get('c', 'x', load);
    expect((await cache.get('a', 'x', load)).body).toBe('4');
  });
});
