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

  it('shares one load among the requests that arrive while it runs', async () => {
    let loads = 0;
    let release!: () => void;
    const cache = new SwapListCache(60_000, 10);
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const waiting = [cache.get('u1', 'main', load), cache.get('u1', 'main', load), cache.get('u1', 'main', load)];
    release();
    const lists = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(lists.map((l) => l.body)).toEqual(['1', '1', '1']);
    expect((await cache.get('u1', 'main', load)).body).toBe('1');
  });

  it('keeps the ETag and compressed copy of an expired list that did not change', async () => {
    let now = 0;
    let value = 'same';
    const cache = new SwapListCache(1000, 10, () => now);
    const a = await cache.get('u1', 'main', async () => value);
    now = 1000;
    const b = await cache.get('u1', 'main', async () => value);
    expect(b.etag).toBe(a.etag);
    expect(b.gzip).toBe(a.gzip);
    now = 2000;
    value = 'changed';
    const c = await cache.get('u1', 'main', async () => value);
    expect(c.etag).not.toBe(a.etag);
    expect(gunzipSync(c.gzip).toString()).toBe('"changed"');
  });

  it('does not keep a load begun before a change', async () => {
    let value = 'old';
    let release!: () => void;
    const cache = new SwapListCache(60_000, 10);
    const read = value;
    const slow = cache.get('u1', 'main', () => new Promise<string>((resolve) => (release = () => resolve(read))));
    cache.invalidate('u1');
    value = 'new';
    const fresh = cache.get('u1', 'main', async () => value);
    release();
    expect((await slow).body).toBe('"old"');
    expect((await fresh).body).toBe('"new"');
    expect((await cache.get('u1', 'main', async () => value)).body).toBe('"new"');
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
