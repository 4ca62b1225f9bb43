// Webhook endpoints through the real app: what a URL must be, the per-account cap (atomic), the
// secret shown once and rotated, owner-only access, and the endpoints in "Download my data" and
// in account erasure.
import type { WebhookDelivery, WebhookList, WebhookWithSecret } from '@visage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import type { Who } from '../account/support.ts';

let t: TestApp;
let alice: Who;
let bob: Who;
const ALL = ['swap.completed', 'swap.failed', 'video.progress'];

beforeAll(async () => {
  t = await makeApp({ JOB_POLL_MS: '50' });
  const a = await signUp(t.app);
  const b = await signUp(t.app);
  alice = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
  bob = { cookie: b.cookie, uid: b.me.uid, email: b.me.profile.email };
}, 60_000);
afterAll(() => t.close());

const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/app/api/account/webhooks${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

describe('webhook endpoints', () => {
  it('refuses a URL that is not https, has credentials, or names a private address', async () => {
    const cases: [string, string][] = [
      ['http://hooks.example.com/in', 'webhook_https_required'],
      ['ftp://hooks.example.com/in', 'webhook_url_invalid'],
      ['https://user:pw@hooks.example.com/in', 'webhook_url_invalid'],
      ['not a url', 'webhook_url_invalid'],
      ['https://127.0.0.1/in', 'webhook_url_private'],
      ['https://[::ffff:10.0.0.1]/in', 'webhook_url_private'],
      ['https://169.254.169.254/latest', 'webhook_url_private'],
      ['https://localhost/in', 'webhook_url_private'],
    ];
    for (const [url, code] of cases) {
      const res = await call(alice, 'POST', '', { url, events: ['swap.completed'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code, url).toBe(code);
    }
    const noEvents = await call(alice, 'POST', '', { url: 'https://hooks.example.com/in', events: [] });
    expect(noEvents.statusCode).toBe(400);
    const unknown = await call(alice, 'POST', '', { url: 'https://hooks.example.com/in', events: ['swap.deleted'] });
    expect(unknown.statusCode).toBe(400);
    expect((await call(alice, 'GET', '')).json<WebhookList>().endpoints).toEqual([]);
  });

  it('shows the secret once, rotates it, and lists, edits and deletes only the owner’s endpoints', async () => {
    const created = await call(alice, 'POST', '', { url: 'https://hooks.example.com/in#frag', events: ['swap.completed', 'swap.completed'] });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json<WebhookWithSecret>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/in', events: ['swap.completed'], enabled: true });

    const list = await call(alice, 'GET', '');
    expect(list.body).not.toContain(secret);
    expect(list.json<WebhookList>()).toMatchObject({ endpoints: [{ id: endpoint.id }], limit: 5 });

    const rotated = (await call(alice, 'POST', `/${endpoint.id}/secret`)).json<WebhookWithSecret>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);

    const edited = await call(alice, 'PATCH', `/${endpoint.id}`, { enabled: false, events: ALL });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ enabled: false, events: ALL });

    // Bob cannot see, change, rotate, list deliveries of or delete Alice's endpoint.
    expect((await call(bob, 'GET', '')).json<WebhookList>().endpoints).toEqual([]);
    for (const [method, url, body] of [
      ['PATCH', `/${endpoint.id}`, { enabled: true }],
      ['POST', `/${endpoint.id}/secret`, undefined],
      ['GET', `/${endpoint.id}/deliveries`, undefined],
      ['DELETE', `/${endpoint.id}`, undefined],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(alice, 'DELETE', `/${endpoint.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('takes at most 5 endpoints an account, even when they are added at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(bob, 'POST', '', { url: `https://hooks.example.com/${i}`, events: ['swap.failed'] })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json<{ error: { code: string } }>().error.code).toBe('webhook_limit');
    const { endpoints } = (await call(bob, 'GET', '')).json<WebhookList>();
    expect(endpoints).toHaveLength(5);
    // A deleted endpoint frees its place.
    expect((await call(bob, 'DELETE', `/${endpoints[0]!.id}`)).statusCode).toBe(204);
    expect((await call(bob, 'POST', '', { url: 'https://hooks.example.com/again', events: ['swap.failed'] })).statusCode).toBe(201);
  });

  it('exports endpoints and deliveries without the secret, and erases them with the account', async () => {
    const carol = await signUp(t.app);
    const who = { cookie: carol.cookie, uid: carol.me.uid, email: carol.me.profile.email };
    const { endpoint, secret } = (await call(who, 'POST', '', { url: 'https://hooks.invalid/carol', events: ['swap.failed'] })).json<WebhookWithSecret>();
    const event = { id: 'evt_erasure', type: 'swap.failed' as const, created: Date.now(), data: { swap: { id: 'x', status: 'failed' as const } } };
    // The address is a name that never resolves (.invalid): the delivery stays pending.
    expect(await t.ctx.webhooks.deliveries.emit(who.uid, event)).toBe(1);
    const deliveries = (await call(who, 'GET', `/${endpoint.id}/deliveries`)).json<WebhookDelivery[]>();
    expect(deliveries).toMatchObject([{ eventId: 'evt_erasure', eventType: 'swap.failed' }]);

    const section = t.ctx.account.registry.sections.find((s) => s.name === 'webhooks')!;
    const { data } = await section.collect(who.uid);
    const text = JSON.stringify(data);
    expect(text).toContain('https://hooks.invalid/carol');
    expect(text).toContain('evt_erasure');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');

    const erased = await t.app.inject({ method: 'DELETE', url: '/app/api/me', headers: { cookie: who.cookie }, payload: { email: who.email } });
    expect(erased.statusCode).toBe(204);
    const left = await t.ctx.db.selectFrom('webhook_endpoints').select('id').where('uid', '=', who.uid).execute();
    const leftDeliveries = await t.ctx.db.selectFrom('webhook_deliveries').select('id').where('uid', '=', who.uid).execute();
    expect([left, leftDeliveries]).toEqual([[], []]);
  });
});
