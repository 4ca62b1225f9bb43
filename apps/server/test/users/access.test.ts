// Profile reads and HEAD requests. Every route's access, for every kind of caller, is walked
// by test/http/route-access.test.ts.
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
