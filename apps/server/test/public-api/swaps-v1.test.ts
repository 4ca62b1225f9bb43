// The public API's swaps with a key, on the real app, database, storage and image intake (ROLE=api:
// swaps are created and wait in the queue; the engine's run has its own test in example.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Swap, V1SwapPage } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { bearer, createSwap, developer, FACE, TARGET, type Developer } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ ROLE: 'api', API_RATE_LIMIT_PER_MINUTE: '40' });
}, 60_000);
afterAll(() => t.close());

const get = (dev: Developer, url: string) => t.app.inject({ url, headers: bearer(dev.key.secret) });
const json = (dev: Developer, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', payload: payload as object, headers: { ...bearer(dev.key.secret), ...headers } });

describe('POST /app/api/v1/swaps', () => {
  it('creates a swap from two files, counted like the app’s', async () => {
    const dev = await developer(t);
    const res = await createSwap(t, dev.key.secret);
    expect(res.statusCode, res.body).toBe(202);
    const swap = res.json<V1Swap>();
    expect(swap).toMatchObject({ mode: 'main', status: 'queued', progress: 0, resultUrl: null, warnings: [], error: null });
    expect(res.headers.location).toBe(`/app/api/v1/swaps/${swap.id}`);
    expect((await get(dev, `/app/api/v1/swaps/${swap.id}`)).json()).toEqual(swap);
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', swap.id).executeTakeFirstOrThrow();
    expect(row.uid).toBe(dev.uid);
    expect(row.quota_period).not.toBeNull();
    // Another account's key does not see it.
    const other = await developer(t);
    expect((await get(other, `/app/api/v1/swaps/${swap.id}`)).statusCode).toBe(404);
  });

  it('refuses what the app’s upload refuses, in the one error shape', async () => {
    const dev = await developer(t);
    const missing = await t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: { ...bearer(dev.key.secret), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('images_missing');
    const notImage = await createSwap(t, dev.key.secret, {}, { target: Buffer.from('not an image at all'), source: fixture(FACE) });
    expect(notImage.statusCode).toBe(415);
    expect(Object.keys(notImage.json())).toEqual(['error']);
    expect(await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', dev.uid).execute()).toEqual([]);
    const url = await json(dev, { source: { url: 'http://example.com/a.jpg' }, target: { swapId: 'x' } });
    expect(url.statusCode).toBe(400);
    expect(url.json().error.code).toBe('invalid_request');
  });

  it('creates from an earlier swap’s photos by id, never another account’s', async () => {
    const dev = await developer(t);
    const first = (await createSwap(t, dev.key.secret)).json<V1Swap>();
    const res = await json(dev, { source: { swapId: first.id }, target: { swapId: first.id } });
    expect(res.statusCode, res.body).toBe(202);
    const again = res.json<V1Swap>();
    const rows = await t.ctx.db.selectFrom('swaps').select(['id', 'source_key', 'target_key']).where('id', 'in', [first.id, again.id]).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[again.id]!.source_key).toBe(byId[first.id]!.source_key);
    expect(byId[again.id]!.target_key).toBe(byId[first.id]!.target_key);
    const other = await developer(t);
    expect((await json(other, { source: { swapId: first.id }, target: { swapId: first.id } })).statusCode).toBe(404);
    const catalogueInMain = await json(dev, { source: { swapId: first.id }, target: { catalogueId: 'abc' } });
    expect(catalogueInMain.statusCode).toBe(400);
    const unknownEntry = await json(dev, { mode: 'proshoot', source: { swapId: first.id }, target: { catalogueId: 'no-such-entry' } });
    expect(unknownEntry.statusCode).toBe(400);
    expect(unknownEntry.json().error.code).toBe('unknown_target');
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer again for the same request, 409 for another', async () => {
    const dev = await developer(t);
    const key = { 'idempotency-key': 'order-42' };
    const first = await createSwap(t, dev.key.secret, key);
    expect(first.statusCode).toBe(202);
    const replay = await createSwap(t, dev.key.secret, key);
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', dev.uid).execute()).length).toBe(1);

    const otherBody = await createSwap(t, dev.key.secret, key, { target: fixture(FACE), source: fixture(TARGET) });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().error.code).toBe('idempotency_key_reused');
    // Keys are per account: another account's same key is its own.
    const other = await developer(t);
    expect((await createSwap(t, other.key.secret, key)).statusCode).toBe(202);
    // After 24 hours the key is free again.
    await t.ctx.db.updateTable('idempotency_keys').set({ created_at: Date.now() - 25 * 3600_000 }).where('uid', '=', dev.uid).execute();
    const later = await createSwap(t, dev.key.secret, key, { target: fixture(FACE), source: fixture(TARGET) });
    expect(later.statusCode).toBe(202);
    expect(later.json<V1Swap>().id).not.toBe(first.json<V1Swap>().id);
  });

  it('keeps no answer for a refused request, and refuses a malformed key', async () => {
    const dev = await developer(t);
    const bad = await createSwap(t, dev.key.secret, { 'idempotency-key': 'k1' }, { target: Buffer.from('nope'), source: fixture(FACE) });
    expect(bad.statusCode).toBe(415);
    expect((await createSwap(t, dev.key.secret, { 'idempotency-key': 'k1' })).statusCode).toBe(202);
    const malformed = await createSwap(t, dev.key.secret, { 'idempotency-key': 'x'.repeat(300) });
    expect(malformed.json().error.code).toBe('invalid_idempotency_key');
  });
});

describe('GET /app/api/v1/swaps', () => {
  it('pages newest first with a cursor, over every swap once', async () => {
    const dev = await developer(t);
    const first = (await createSwap(t, dev.key.secret)).json<V1Swap>();
    const created = [first.id];
    for (let i = 0; i < 4; i += 1) created.push((await json(dev, { source: { swapId: first.id }, target: { swapId: first.id } })).json<V1Swap>().id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(dev, `/app/api/v1/swaps?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page: V1SwapPage = res.json();
      seen.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const rows = await t.ctx.db.selectFrom('swaps').select(['id']).where('uid', '=', dev.uid).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(seen).toEqual(rows.map((r) => r.id));
    expect(new Set(seen)).toEqual(new Set(created));
    expect((await get(dev, '/app/api/v1/swaps?cursor=garbage')).json().error.code).toBe('invalid_cursor');
    expect((await get(dev, '/app/api/v1/swaps?limit=0')).statusCode).toBe(400);
  });
});

describe('DELETE /app/api/v1/swaps/{id}', () => {
  it('deletes a finished swap, not a waiting one', async () => {
    const dev = await developer(t);
    const swap = (await createSwap(t, dev.key.secret)).json<V1Swap>();
    const waiting = await t.app.inject({ method: 'DELETE', url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('swap_in_progress');
    await t.ctx.swaps.fail(swap.id, 'engine_failed');
    const failed = (await get(dev, `/app/api/v1/swaps/${swap.id}`)).json<V1Swap>();
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'engine_failed' } });
    const res = await t.app.inject({ method: 'DELETE', url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) });
    expect(res.statusCode).toBe(204);
    expect((await get(dev, `/app/api/v1/swaps/${swap.id}`)).statusCode).toBe(404);
  });
});

describe('rate limit per key', () => {
  it('states the limit on each answer and answers 429 with Retry-After past it', async () => {
    const dev = await developer(t);
    const other = await developer(t);
    const first = await get(dev, '/app/api/v1/swaps');
    expect(first.headers['ratelimit-limit']).toBe('40');
    expect(first.headers['ratelimit-remaining']).toBe('39');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 39; i += 1) expect((await get(dev, '/app/api/v1/swaps')).statusCode).toBe(200);
    const over = await get(dev, '/app/api/v1/swaps');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // Counted per key: another key of another account is not held back.
    expect((await get(other, '/app/api/v1/swaps')).statusCode).toBe(200);
  });
});
