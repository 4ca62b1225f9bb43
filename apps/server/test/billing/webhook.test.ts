// Stripe billing end to end against the stand-in: the real SDK, signed webhooks, the plan in /me.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/modules/users/repository.ts';
import { UsersService } from '../../src/modules/users/service.ts';
import { billingHarness, checkoutFor, subscribed, type BillingHarness } from './support.ts';

let h: BillingHarness;
beforeAll(async () => {
  h = await billingHarness();
});
afterAll(async () => h?.close());

const nowS = () => Math.floor(Date.now() / 1000);

describe('checkout → webhook → plan', () => {
  it('puts the user on the paid plan once Stripe confirms, with one customer reused', async () => {
    const user = await checkoutFor(h, 'premium');
    expect(user.url).toMatch(new RegExp(`^${h.stripe.url}/checkout/cs_`));
    const me = await h.me(user.cookie);
    expect(me.profile.customerId).toMatch(/^cus_/);
    expect(me.profile.subscription).toBe('free');
    // A second Checkout (a second click) keeps the same customer.
    const again = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie }, payload: { plan: 'premium' } });
    expect(again.statusCode).toBe(200);
    expect([...h.stripe.sessions.values()].filter((s) => s.customer === me.profile.customerId)).toHaveLength(2);
    expect([...h.stripe.customers.values()].filter((c) => c.metadata.uid === me.uid)).toHaveLength(1);

    const { events } = h.stripe.completeCheckout(user.sessionId);
    for (const e of events) expect((await h.deliver(e)).status).toBe(200);
    const after = await h.me(user.cookie);
    expect(after.profile.subscription).toBe('premium');
    expect(after.billing).toMatchObject({ plan: 'premium', limit: null, status: 'active', cancelAtPeriodEnd: false, suspended: false });
    // Subscribed: a new Checkout is refused (the portal changes plans).
    const third = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie }, payload: { plan: 'standard' } });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('already_subscribed');
  });

  it('lifts the free allowance: a paid user at 10 swaps may swap again', async () => {
    const user = await subscribed(h, 'standard');
    await h.t.ctx.db.updateTable('users').set({ usage: 10 }).where('uid', '=', user.me.uid).execute();
    const users = new UsersService(new UsersRepository(h.t.ctx.db));
    await expect(users.assertCanSwap(user.me.uid)).resolves.toBeUndefined();
    const free = await checkoutFor(h);
    await h.t.ctx.db.updateTable('users').set({ usage: 10 }).where('uid', '=', free.me.uid).execute();
    await expect(users.assertCanSwap(free.me.uid)).rejects.toMatchObject({ status: 402, code: 'quota_exceeded' });
  });

  it('refuses a bad plan with 400 and the field named', async () => {
    const user = await checkoutFor(h);
    const res = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie }, payload: { plan: 'gold' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: 'Please check: plan.' });
  });
});

describe('create-portal-session', () => {
  it("opens the portal for one's own customer only", async () => {
    const a = await subscribed(h);
    const b = await checkoutFor(h);
    const form = (uid: string) => `uid=${encodeURIComponent(uid)}`;
    const own = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(a.me.uid) });
    expect(own.statusCode).toBe(303);
    const portal = h.stripe.portalSessions.get(String(own.headers.location).split('/').pop() ?? '');
    expect(portal?.customer).toBe((await h.me(a.cookie)).profile.customerId);
    const json = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { cookie: a.cookie, accept: 'application/json' }, payload: { uid: a.me.uid } });
    expect(json.json().url).toMatch(new RegExp(`^${h.stripe.url}/portal/bps_`));
    // Another user's uid: 404, and no portal session made for it.
    const before = h.stripe.portalSessions.size;
    const other = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(b.me.uid) });
    expect(other.statusCode).toBe(404);
    expect(h.stripe.portalSessions.size).toBe(before);
    const missing = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(missing.statusCode).toBe(400);
    const anonymous = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(a.me.uid) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 no_customer to a user who never started a Checkout', async () => {
    const { signUp } = await import('../auth/support/app.ts');
    const u = await signUp(h.t.app);
    const res = await h.t.app.inject({ method: 'POST', url: '/app/api/create-portal-session', headers: { cookie: u.cookie, accept: 'application/json' }, payload: { uid: u.me.uid } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('no_customer');
  });
});

describe('webhook deliveries', () => {
  it('refuses a bad signature and a stale timestamp, changing nothing', async () => {
    const user = await checkoutFor(h);
    const { events } = h.stripe.completeCheckout(user.sessionId);
    const created = events[0]!;
    const bad = await h.deliver(created, { secret: 'whsec_wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('invalid_signature');
    const stale = await h.deliver(created, { timestamp: nowS() - 301 });
    expect(stale.status).toBe(400);
    const unsigned = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(created) });
    expect(unsigned.statusCode).toBe(400);
    expect((await h.me(user.cookie)).profile.subscription).toBe('free');
    // Within the 300 s tolerance it is taken.
    expect((await h.deliver(created, { timestamp: nowS() - 200 })).status).toBe(200);
    expect((await h.me(user.cookie)).profile.subscription).toBe('standard');
  });

  it('handles a replayed event once', async () => {
    const user = await subscribed(h);
    const sub = h.stripe.subscriptions.get(user.subscription.id)!;
    const failed = h.stripe.event('invoice.payment_failed', { id: 'in_replay', object: 'invoice', customer: sub.customer, created: nowS() + 5, status: 'open' });
    expect((await h.deliver(failed)).body).toMatchObject({ received: true, duplicate: false });
    expect((await h.me(user.cookie)).billing?.suspended).toBe(true);
    const paid = h.stripe.event('invoice.paid', { id: 'in_replay', object: 'invoice', customer: sub.customer, created: nowS() + 5, status: 'paid' });
    await h.deliver(paid);
    expect((await h.me(user.cookie)).billing?.suspended).toBe(false);
    expect((await h.deliver(failed)).body).toMatchObject({ received: true, duplicate: true });
    expect((await h.me(user.cookie)).profile.subscription).toBe('standard');
    const rows = await h.t.ctx.db.selectFrom('billing_events').select('id').where('id', '=', failed.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('never moves a subscription backwards when events arrive out of order', async () => {
    const user = await subscribed(h);
    const sub = h.stripe.subscriptions.get(user.subscription.id)!;
    const t0 = nowS();
    const item = sub.items.data[0]!;
    const older = h.stripe.event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, t0 + 10);
    const renewed = { ...sub, items: { ...sub.items, data: [{ ...item, current_period_start: item.current_period_end, current_period_end: item.current_period_end + 30 * 86_400 }] } };
    const newer = h.stripe.event('customer.subscription.updated', renewed, t0 + 20);
    expect((await h.deliver(newer)).status).toBe(200);
    expect((await h.deliver(older)).status).toBe(200);
    const me = await h.me(user.cookie);
    expect(me.billing).toMatchObject({ plan: 'standard', cancelAtPeriodEnd: false, currentPeriodEnd: (item.current_period_end + 30 * 86_400) * 1000 });
    // Ended is final: an earlier 'active' delivered after 'deleted' does not bring it back.
    const deleted = h.stripe.event('customer.subscription.deleted', { ...renewed, status: 'canceled' }, t0 + 30);
    const lateActive = h.stripe.event('customer.subscription.updated', { ...renewed, status: 'active' }, t0 + 25);
    await h.deliver(deleted);
    await h.deliver(lateActive);
    expect((await h.me(user.cookie)).billing).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('suspends paid access on a failed payment until it is paid', async () => {
    const user = await subscribed(h, 'premium');
    const sub = h.stripe.subscriptions.get(user.subscription.id)!;
    const invoice = { id: 'in_renewal', object: 'invoice', customer: sub.customer, created: nowS() + 60, status: 'open' };
    await h.deliver(h.stripe.event('invoice.payment_failed', invoice));
    const suspended = await h.me(user.cookie);
    expect(suspended.billing).toMatchObject({ plan: 'free', suspended: true, subscribedPlan: 'premium' });
    expect(suspended.profile.subscription).toBe('free');
    // Stored too, so the allowance applies at once.
    const row = await h.t.ctx.db.selectFrom('users').select('subscription').where('uid', '=', user.me.uid).executeTakeFirstOrThrow();
    expect(row.subscription).toBe('free');
    await h.deliver(h.stripe.event('invoice.paid', { ...invoice, status: 'paid' }));
    expect((await h.me(user.cookie)).billing).toMatchObject({ plan: 'premium', suspended: false });
    // Stripe's own past_due status suspends as well.
    await h.deliver(h.stripe.event('customer.subscription.updated', { ...sub, status: 'past_due' }, nowS() + 70));
    expect((await h.me(user.cookie)).billing?.plan).toBe('free');
    await h.deliver(h.stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, nowS() + 80));
    expect((await h.me(user.cookie)).billing?.plan).toBe('premium');
  });

  it('keeps a cancelled plan until its period ends', async () => {
    const user = await subscribed(h);
    const sub = h.stripe.subscriptions.get(user.subscription.id)!;
    await h.deliver(h.stripe.event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, nowS() + 1));
    const me = await h.me(user.cookie);
    expect(me.billing).toMatchObject({ plan: 'standard', cancelAtPeriodEnd: true });
    expect(me.billing?.currentPeriodEnd).toBe(sub.items.data[0]!.current_period_end * 1000);
    // The period's end passes (the row's end moved to the past): free, even before Stripe's deleted event.
    await h.t.ctx.db.updateTable('users').set({ current_period_end: Date.now() - 1000 }).where('uid', '=', user.me.uid).execute();
    expect((await h.me(user.cookie)).billing?.plan).toBe('free');
  });

  it('forgets a customer deleted in Stripe', async () => {
    const user = await checkoutFor(h);
    const customerId = (await h.me(user.cookie)).profile.customerId;
    await h.deliver(h.stripe.event('customer.deleted', { id: customerId, object: 'customer' }));
    expect((await h.me(user.cookie)).profile.customerId).toBe('');
  });

  it('records an event for an unknown customer and answers 200', async () => {
    const e = h.stripe.event('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_nobody', created: nowS(), status: 'paid' });
    expect((await h.deliver(e)).status).toBe(200);
  });
});

describe('return URLs', () => {
  it('sends the customer back to PUBLIC_URL whatever Host the request names', async () => {
    const user = await checkoutFor(h);
    const res = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie, host: 'evil.example' }, payload: { plan: 'standard' } });
    expect(res.statusCode).toBe(200);
    const urls = [...h.stripe.sessions.values()].map((session) => session.success_url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toBe('http://visage.test/app/plans?checkout=success');
  });

  it('refuses to start Stripe billing without PUBLIC_URL, naming it', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_STANDARD: 'price_s', STRIPE_PRICE_PREMIUM: 'price_p' };
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL is required when Stripe billing is configured/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'https://visage.example.com' })).not.toThrow();
  });
});

describe('billing off', () => {
  it('hides billing when Stripe is not configured', async () => {
    const { makeApp, signUp } = await import('../auth/support/app.ts');
    const t = await makeApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/app/api/billing/config' })).json()).toEqual({ enabled: false });
      const u = await signUp(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: u.cookie }, payload: { plan: 'standard' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('billing_disabled');
      const hook = await t.app.inject({ method: 'POST', url: '/app/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(404);
      expect(u.me.billing).toMatchObject({ plan: 'free', limit: 10 });
    } finally {
      await t.close();
    }
  });
});
