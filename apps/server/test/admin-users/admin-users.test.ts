// /admin/users: operators list and search users; admins change roles and, without Stripe, plans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUsersPage } from '@visage/contracts';
import { cookieFrom, makeApp, signIn, signUp, type TestApp } from '../auth/support/app.ts';
import { billingHarness } from '../billing/support.ts';

let t: TestApp;
let admin: string;
let operator: string;
let user: { cookie: string; uid: string };
const people: { uid: string; email: string }[] = [];

beforeAll(async () => {
  t = await makeApp({ ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'Granite-Falcon-907' });
  admin = cookieFrom(await signIn(t.app, 'chief@example.com', 'Granite-Falcon-907'));
  const op = await signUp(t.app, { firstName: 'olga', lastName: 'operator', email: 'olga.op@example.com' });
  await t.ctx.db.updateTable('users').set({ role: 'operator' }).where('uid', '=', op.me.uid).execute();
  operator = op.cookie;
  const u = await signUp(t.app, { firstName: 'zoé', lastName: 'martin', email: 'zoe_100@example.com' });
  user = { cookie: u.cookie, uid: u.me.uid };
  for (const name of ['amy', 'bob', 'cyd']) {
    const p = await signUp(t.app, { firstName: name, lastName: 'pager', email: `${name}.pager@example.com` });
    people.push({ uid: p.me.uid, email: p.me.profile.email });
  }
  await t.ctx.db.updateTable('users').set({ usage: 4 }).where('uid', '=', user.uid).execute();
});
afterAll(() => t.close());

const list = (cookie: string, query = '') => t.app.inject({ method: 'GET', url: `/app/api/admin/users${query}`, headers: { cookie } });
const patch = (cookie: string, uid: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/app/api/admin/users/${uid}`, headers: { cookie }, payload: payload as object });

describe('GET /app/api/admin/users', () => {
  it('is for operators and admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app/api/admin/users' })).statusCode).toBe(401);
    expect((await list(user.cookie)).statusCode).toBe(403);
    expect((await list(operator)).statusCode).toBe(200);
    expect((await list(admin)).statusCode).toBe(200);
  });

  it('lists plan, usage, role and sign-up date, newest first, searchable and paged', async () => {
    const all = (await list(operator)).json<AdminUsersPage>();
    expect(all.total).toBe(6);
    expect(all.plansEditable).toBe(true);
    expect(all.users[0]?.email).toBe('cyd.pager@example.com');
    const zoe = all.users.find((u) => u.uid === user.uid);
    expect(zoe).toMatchObject({ role: 'user', plan: 'free', usage: 4, limit: 10, nom: 'Zoé', prenom: 'Martin', hasCustomer: false });
    expect(zoe?.createdAt).toBeGreaterThan(0);

    const byName = (await list(operator, '?q=PAGER&limit=2&page=2')).json<AdminUsersPage>();
    expect(byName).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(byName.users.map((u) => u.email)).toEqual(['amy.pager@example.com']);
    expect((await list(operator, '?q=zoé martin')).json<AdminUsersPage>().users.map((u) => u.uid)).toEqual([user.uid]);
    // Wildcards in the search are taken literally.
    expect((await list(operator, `?q=${encodeURIComponent('%')}`)).json<AdminUsersPage>().total).toBe(0);
    expect((await list(operator, `?q=${encodeURIComponent('_')}`)).json<AdminUsersPage>().total).toBe(1);
    const bad = await list(operator, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_request', details: { field: 'page' } });
  });

  it('shows operators and admins as unlimited, on a free plan and past its 10 swaps, in the list and in /me', async () => {
    await t.ctx.db.updateTable('users').set({ usage: 103 }).where('email', '=', 'olga.op@example.com').execute();
    const staff = (await list(admin)).json<AdminUsersPage>().users.filter((u) => u.role !== 'user');
    expect(staff.map((u) => [u.role, u.plan, u.limit])).toEqual(expect.arrayContaining([['operator', 'free', null], ['admin', 'free', null]]));
    expect(staff.find((u) => u.role === 'operator')?.usage).toBe(103);
    const me = (await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: operator } })).json();
    expect(me.billing).toMatchObject({ plan: 'free', limit: null });
    const zoe = (await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: user.cookie } })).json();
    expect(zoe.billing).toMatchObject({ plan: 'free', limit: 10 });
  });
});

describe('PATCH /app/api/admin/users/{uid}', () => {
  it('lets an admin change a role, never an operator nor their own', async () => {
    expect((await patch(operator, people[0]!.uid, { role: 'operator' })).statusCode).toBe(403);
    const res = await patch(admin, people[0]!.uid, { role: 'operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uid: people[0]!.uid, role: 'operator' });
    const me = (await list(admin, '?q=chief')).json<AdminUsersPage>().users[0]!;
    const own = await patch(admin, me.uid, { role: 'user' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe('own_role');
    expect((await patch(admin, 'no-such-user', { role: 'user' })).statusCode).toBe(404);
    expect((await patch(admin, people[0]!.uid, {})).statusCode).toBe(400);
    expect((await patch(admin, people[0]!.uid, { role: 'king' })).json().error.details).toEqual({ field: 'role' });
  });

  it('lets an admin set a plan while Stripe is off, which lifts the allowance', async () => {
    const res = await patch(admin, user.uid, { plan: 'premium' });
    expect(res.json()).toMatchObject({ plan: 'premium', limit: null });
    const me = await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: user.cookie } });
    expect(me.json().billing).toMatchObject({ plan: 'premium', limit: null });
    expect(me.json().profile.subscription).toBe('premium');
  });

  it('refuses a plan by hand when Stripe manages plans', async () => {
    const h = await billingHarness({ ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'Granite-Falcon-907' });
    try {
      const cookie = cookieFrom(await signIn(h.t.app, 'chief@example.com', 'Granite-Falcon-907'));
      const u = await signUp(h.t.app);
      const res = await h.t.app.inject({ method: 'PATCH', url: `/app/api/admin/users/${u.me.uid}`, headers: { cookie }, payload: { plan: 'premium' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('plan_managed_by_stripe');
      const page = await h.t.app.inject({ method: 'GET', url: '/app/api/admin/users', headers: { cookie } });
      expect(page.json().plansEditable).toBe(false);
    } finally {
      await h.close();
    }
  });
});
