// Route guards: every /app/api route needs a session except the public ones, and
// every route with a {uid} answers 404 to a user who passes someone else's uid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfile } from '@visage/contracts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';

let t: TestApp;
let a: { cookie: string; uid: string };
let b: { cookie: string; uid: string };
beforeAll(async () => {
  t = await makeApp();
  const ua = await signUp(t.app, { firstName: 'alice', lastName: 'a' });
  const ub = await signUp(t.app, { firstName: 'bob', lastName: 'b' });
  a = { cookie: ua.cookie, uid: ua.me.uid };
  b = { cookie: ub.cookie, uid: ub.me.uid };
});
afterAll(() => t.close());

/** Every registered /app/api route with its methods (HEAD left out), read from the router. */
function apiRoutes(): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const text = t.app.printRoutes({ commonPrefix: false });
  for (const m of text.matchAll(/(\/app\/api\/\S*) \(([^)]+)\)/g)) {
    for (const method of (m[2] ?? '').split(',').map((s) => s.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url: m[1] ?? '' });
    }
  }
  return out;
}

// The only routes anyone may call without a session.
const PUBLIC = new Set([
  'GET /app/api/health',
  'GET /app/api/auth/config',
  'GET /app/api/auth/challenge',
  'POST /app/api/auth/signup',
  'POST /app/api/auth/signin',
  'POST /app/api/auth/logout',
  'GET /app/api/auth/oidc/start',
  'GET /app/api/auth/oidc/callback',
  'GET /app/api/avatars/default.svg',
]);

// {uid} routes for operators only (issue 36): a plain user is refused by role (403) before the
// uid is looked at, the same answer for A's uid as for an unknown one.
const OPERATOR_UID_ROUTES = new Set(['GET /app/api/user/face/:uid', 'GET /app/api/user/face/:uid/:id/image', 'DELETE /app/api/user/face/:uid/:id']);

const fill = (url: string, uid: string) => url.replace(':uid', uid).replace(/:[A-Za-z]+/g, 'x');

describe('route guards', () => {
  it('finds the routes it checks', () => {
    const routes = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes).toContain('GET /app/api/users/:uid/personaldata');
    expect(routes).toContain('GET /app/api/me');
  });

  it('answers 401 without a session on every non-public /app/api route', async () => {
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: fill(r.url, a.uid) });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.code, key).toBe('unauthenticated');
    }
  });

  it("answers 404 to user B on every route with user A's uid", async () => {
    const withUid = apiRoutes().filter((r) => r.url.includes(':uid'));
    expect(withUid.length).toBeGreaterThan(0);
    for (const r of withUid) {
      const res = await t.app.inject({ method: r.method as 'GET', url: fill(r.url, a.uid), headers: { cookie: b.cookie } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(OPERATOR_UID_ROUTES.has(`${r.method} ${r.url}`) ? 403 : 404);
      const unknown = await t.app.inject({ method: r.method as 'GET', url: fill(r.url, 'no-such-user'), headers: { cookie: b.cookie } });
      expect(unknown.statusCode, `${r.method} ${r.url} (unknown uid)`).toBe(res.statusCode);
      expect(unknown.body).toBe(res.body);
    }
  });
});

describe('HEAD requests', () => {
  it('are guarded like the GET they mirror', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/app/api/me' })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'HEAD', url: `/app/api/users/${a.uid}/personaldata`, headers: { cookie: b.cookie } });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'HEAD', url: `/app/api/users/${b.uid}/personaldata`, headers: { cookie: b.cookie } });
    expect(own.statusCode).toBe(200);
  });
});

describe('profile reads', () => {
  it('serves the own personaldata and /me', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/app/api/users/${a.uid}/personaldata`, headers: { cookie: a.cookie } });
    expect(own.statusCode).toBe(200);
    const profile = userProfile.parse(own.json());
    expect(profile).toMatchObject({ uid: a.uid, nom: 'Alice', prenom: 'A', subscription: 'free', customerId: '' });
    expect(Object.keys(own.json()).sort()).toEqual(
      ['createdAt', 'uid', 'pic', 'nom', 'prenom', 'gender', 'birthday', 'pays', 'ville', 'email', 'emailVerified', 'ip', 'subscription', 'customerId'].sort(),
    );
    const me = await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: a.cookie } });
    expect(me.json()).toMatchObject({ uid: a.uid, role: 'user', usage: 0, profile });
  });

  it('lets operators read other users, not plain users', async () => {
    await t.ctx.db.updateTable('users').set({ role: 'operator' }).where('uid', '=', b.uid).execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: `/app/api/users/${a.uid}/personaldata`, headers: { cookie: b.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().uid).toBe(a.uid);
      const missing = await t.app.inject({ method: 'GET', url: '/app/api/users/nobody/personaldata', headers: { cookie: b.cookie } });
      expect(missing.statusCode).toBe(404);
    } finally {
      await t.ctx.db.updateTable('users').set({ role: 'user' }).where('uid', '=', b.uid).execute();
    }
  });

  it('starts a new usage period once resetDate is reached', async () => {
    await t.ctx.db.updateTable('users').set({ usage: 7, reset_date: '2020-01-01' }).where('uid', '=', a.uid).execute();
    const me = await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: a.cookie } });
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    expect(me.json()).toMatchObject({ usage: 0, resetDate: next });
  });
});
