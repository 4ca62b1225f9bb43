// API keys through the real app and database: created on the account page (secret shown once,
// only its hash kept), capped per account, refused at once when revoked, accepted by the public
// API only, and part of "Download my data" and of erasure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_KEYS, type ApiKeyList } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { hashToken } from '../../src/modules/auth/tokens.ts';
import { bearer, developer } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  // ROLE=api: swaps are created and stay queued (no engine run is needed here).
  t = await makeApp({ ROLE: 'api' });
}, 60_000);
afterAll(() => t.close());

const v1List = (secret: string) => t.app.inject({ url: '/app/api/v1/swaps', headers: bearer(secret) });

describe('API keys', () => {
  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const dev = await developer(t, 'ci pipeline');
    expect(dev.key.secret).toMatch(/^vsk_[A-Za-z0-9_-]{32}$/);
    expect(dev.key.prefix).toBe(dev.key.secret.slice(0, 8));
    const list = await t.app.inject({ url: '/app/api/account/api-keys', headers: { cookie: dev.cookie } });
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.json<ApiKeyList>();
    expect(body.max).toBe(MAX_API_KEYS);
    expect(body.keys).toEqual([{ id: dev.key.id, name: 'ci pipeline', prefix: dev.key.prefix, createdAt: dev.key.createdAt, lastUsedAt: null }]);
    expect(list.body).not.toContain(dev.key.secret);
    const row = await t.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', dev.key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(dev.key.secret));
    expect(JSON.stringify(row)).not.toContain(dev.key.secret);

    // Used: last use recorded (once a minute at most).
    expect((await v1List(dev.key.secret)).statusCode).toBe(200);
    const used = (await t.app.inject({ url: '/app/api/account/api-keys', headers: { cookie: dev.cookie } })).json<ApiKeyList>().keys[0]!;
    expect(used.lastUsedAt).toBeGreaterThanOrEqual(dev.key.createdAt);
    expect((await v1List(dev.key.secret)).statusCode).toBe(200);
    const again = await t.ctx.db.selectFrom('api_keys').select('last_used_at').where('id', '=', dev.key.id).executeTakeFirstOrThrow();
    expect(again.last_used_at).toBe(used.lastUsedAt);
  });

  it('refuses bad names and holds the cap under concurrent creates', async () => {
    const dev = await developer(t);
    for (const payload of [{ name: '' }, { name: 'x'.repeat(101) }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', headers: { cookie: dev.cookie }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const results = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 3 }, (_, i) => t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', headers: { cookie: dev.cookie }, payload: { name: `k${i}` } })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    // One key existed already: MAX-1 more fit.
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_API_KEYS - 1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.json().error.code, r.body).toBe('api_key_limit');
    expect((await t.ctx.db.selectFrom('api_keys').select('id').where('uid', '=', dev.uid).execute()).length).toBe(MAX_API_KEYS);
  });

  it('answers 401 at once after revocation, and one shape for every bad key', async () => {
    const dev = await developer(t);
    expect((await v1List(dev.key.secret)).statusCode).toBe(200);
    const other = await developer(t);
    // Another account cannot revoke it.
    const foreign = await t.app.inject({ method: 'DELETE', url: `/app/api/account/api-keys/${dev.key.id}`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/app/api/account/api-keys/${dev.key.id}`, headers: { cookie: dev.cookie } });
    expect(revoke.statusCode).toBe(204);
    const bodies = new Set<string>();
    for (const headers of [bearer(dev.key.secret), bearer(`${dev.key.secret.slice(0, -1)}x`), bearer('vsk_short'), bearer(''), { authorization: 'Bearer' }, {}, { authorization: 'Basic dXNlcjpwYXNz' }]) {
      const res = await t.app.inject({ url: '/app/api/v1/swaps', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: { code: 'invalid_api_key', message: 'The API key is missing, unknown or revoked.' } })]);
  });

  it('opens no cookie route, even beside a session cookie, and manages no keys', async () => {
    const dev = await developer(t);
    for (const url of ['/app/api/me', '/app/api/account', '/app/api/account/api-keys', `/app/api/swaps/${dev.uid}`]) {
      const alone = await t.app.inject({ url, headers: bearer(dev.key.secret) });
      expect(alone.statusCode, url).toBe(401);
      expect(alone.json().error.code).toBe('api_key_not_accepted');
      const withCookie = await t.app.inject({ url, headers: { ...bearer(dev.key.secret), cookie: dev.cookie } });
      expect(withCookie.statusCode, url).toBe(401);
    }
    const create = await t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', headers: bearer(dev.key.secret), payload: { name: 'more' } });
    expect(create.statusCode).toBe(401);
    // The session cookie alone opens no public API route.
    expect((await t.app.inject({ url: '/app/api/v1/swaps', headers: { cookie: dev.cookie } })).statusCode).toBe(401);
  });

  it('skips the cross-site check only on the public API called with a key', async () => {
    const dev = await developer(t);
    const evil = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    const v1 = await t.app.inject({ method: 'DELETE', url: '/app/api/v1/swaps/00000000-0000-4000-8000-000000000000', headers: { ...evil, ...bearer(dev.key.secret) } });
    expect(v1.statusCode).toBe(404);
    const v1NoKey = await t.app.inject({ method: 'DELETE', url: '/app/api/v1/swaps/00000000-0000-4000-8000-000000000000', headers: { ...evil, cookie: dev.cookie } });
    expect(v1NoKey.json().error.code).toBe('cross_site_request');
    const cookieRoute = await t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', headers: { ...evil, ...bearer(dev.key.secret), cookie: dev.cookie }, payload: { name: 'x' } });
    expect(cookieRoute.json().error.code).toBe('cross_site_request');
  });

  it('lists keys in "Download my data" without secrets and deletes them with the account', async () => {
    const dev = await developer(t, 'export me');
    const section = t.ctx.account.registry.sections.find((s) => s.name === 'apiKeys')!;
    const { data, keys } = await section.collect(dev.uid);
    expect(keys).toEqual([]);
    expect(data).toEqual([{ name: 'export me', prefix: dev.key.prefix, createdAt: new Date(dev.key.createdAt).toISOString(), lastUsedAt: null }]);
    expect(JSON.stringify(data)).not.toContain(dev.key.secret.slice(8));
    expect(JSON.stringify(data)).not.toContain(hashToken(dev.key.secret));

    const erase = await t.app.inject({ method: 'DELETE', url: '/app/api/me', headers: { cookie: dev.cookie }, payload: { email: dev.email } });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    expect(await t.ctx.db.selectFrom('api_keys').select('id').where('uid', '=', dev.uid).execute()).toEqual([]);
    expect((await v1List(dev.key.secret)).statusCode).toBe(401);
  });
});
