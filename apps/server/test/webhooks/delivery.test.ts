// Deliveries through the real app, queue and database to a receiver on 127.0.0.1 (allowed by
// WEBHOOK_ALLOW_PRIVATE): signed posts the receiver verifies, retries on non-2xx until a 2xx,
// the end of the retry window, one delivery per event however often it is emitted, a job run
// again after a crash, a re-send, and a turned-off endpoint.
import type { WebhookDelivery, WebhookEvent, WebhookWithSecret } from '@visage/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../src/modules/webhooks/address-policy.ts';
import { WebhookDeliveries } from '../../src/modules/webhooks/deliveries.ts';
import { WebhooksRepository } from '../../src/modules/webhooks/repository.ts';
import type { Who } from '../account/support.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { waitUntil } from '../support/tmp.ts';
import { startReceiver, type Receiver } from './support.ts';

let t: TestApp;
let receiver: Receiver;
let who: Who;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await makeApp({ JOB_POLL_MS: '50', WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8', WEBHOOK_BACKOFF_MS: '100' });
}, 60_000);
// Each test has an account of its own, so its events reach only its own endpoints.
beforeEach(async () => {
  const a = await signUp(t.app);
  who = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/app/api/account/webhooks${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function register(path: string, events: string[] = ['swap.completed', 'swap.failed']): Promise<WebhookWithSecret> {
  const res = await call('POST', '', { url: `${receiver.url}/${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookWithSecret>();
}

function event(id: string, type: WebhookEvent['type'] = 'swap.completed'): WebhookEvent {
  return { id, type, created: 1_700_000_000_000, data: { swap: { id: '6f1c1d0e-0000-4000-8000-000000000001', status: 'done', resultUrl: '/app/api/v1/swaps/x/result' } } };
}

const postsTo = (path: string) => receiver.posts.filter((p) => p.path === `/hooks/${path}`);
const deliveriesOf = async (endpointId: string) => (await call('GET', `/${endpointId}/deliveries`)).json<WebhookDelivery[]>();
const ended = (endpointId: string) => async () => {
  const [d] = await deliveriesOf(endpointId);
  return d && d.status !== 'pending' ? d : null;
};

describe('webhook deliveries', () => {
  it('posts the event signed with the endpoint secret, once per event however often it is emitted', async () => {
    const { endpoint, secret } = await register('signed');
    const e = event('evt_signed');
    await t.ctx.webhooks.deliveries.emit(who.uid, e);
    await t.ctx.webhooks.deliveries.emit(who.uid, e);
    const delivery = await waitUntil(ended(endpoint.id), 20_000, 'the delivery');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastErrorCode: null, lastError: null, nextAttemptAt: null });

    const [post] = postsTo('signed');
    expect(postsTo('signed')).toHaveLength(1);
    expect(JSON.parse(post!.body)).toEqual(e);
    expect(post!.headers['content-type']).toBe('application/json');
    expect(post!.headers['visage-event-id']).toBe('evt_signed');
    expect(post!.headers['visage-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(receiver.verifies(post!, secret)).toBe(true);
    expect(receiver.verifies({ ...post!, body: post!.body.replace('evt_signed', 'evt_forged') }, secret)).toBe(false);
    expect(receiver.verifies(post!, `${secret}x`)).toBe(false);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('signs with the old secret beside the new one for a day after a rotation', async () => {
    const { endpoint, secret: old } = await register('rotated');
    const { secret: fresh } = (await call('POST', `/${endpoint.id}/secret`)).json<WebhookWithSecret>();
    await t.ctx.webhooks.deliveries.emit(who.uid, event('evt_rotated'));
    await waitUntil(ended(endpoint.id), 20_000, 'the delivery');
    const [post] = postsTo('rotated');
    expect(post!.headers['visage-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(receiver.verifies(post!, fresh)).toBe(true);
    expect(receiver.verifies(post!, old)).toBe(true);
    expect(receiver.verifies(post!, `${old}x`)).toBe(false);
    // A day later only the new secret signs.
    const row = await t.ctx.db.selectFrom('webhook_endpoints').select('previous_secret_until').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(Number(row.previous_secret_until) - Date.now()).toBeGreaterThan(23 * 3600_000);
    await t.ctx.db.updateTable('webhook_endpoints').set({ previous_secret_until: Date.now() - 1 }).where('id', '=', endpoint.id).execute();
    await t.ctx.webhooks.deliveries.emit(who.uid, event('evt_rotated_later'));
    await waitUntil(() => postsTo('rotated').length === 2 || null, 20_000, 'the second delivery');
    const later = postsTo('rotated')[1]!;
    expect(later.headers['visage-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(receiver.verifies(later, fresh)).toBe(true);
    expect(receiver.verifies(later, old)).toBe(false);
  });

  it('retries after non-2xx answers with growing delays, recording each, until a 2xx', async () => {
    const { endpoint } = await register('flaky');
    receiver.script.push(500, 503);
    await t.ctx.webhooks.deliveries.emit(who.uid, event('evt_flaky'));
    const delivery = await waitUntil(ended(endpoint.id), 30_000, 'the delivery');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    const posts = postsTo('flaky');
    expect(posts.map((p) => JSON.parse(p.body).id)).toEqual(['evt_flaky', 'evt_flaky', 'evt_flaky']);
    // Each try is signed afresh; the body stays the same.
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
  });

  it('stops retrying once the retry window has passed, keeping the last answer', async () => {
    const { endpoint } = await register('down');
    receiver.script.push(...Array<number>(50).fill(502));
    // The window is stored with each delivery: emitted with a short one, the app's worker honours it.
    const shortWindow = new WebhookDeliveries({ repo: new WebhooksRepository(t.ctx.db), queue: t.ctx.queue, policy: createAddressPolicy('127.0.0.0/8'), tuning: { retryWindowMs: 1500 } });
    await shortWindow.emit(who.uid, event('evt_down'));
    const delivery = await waitUntil(ended(endpoint.id), 30_000, 'the delivery to give up');
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    expect(delivery).toMatchObject({ lastStatusCode: 502, lastErrorCode: 'status', lastError: 'The endpoint answered 502.', nextAttemptAt: null });
    expect(postsTo('down')).toHaveLength(delivery.attempts);
    receiver.script.length = 0;

    // Sent again on request: a new round of tries, counted on from the last.
    const resent = await call('POST', `/${endpoint.id}/deliveries/${delivery.id}/resend`);
    expect(resent.statusCode).toBe(202);
    const again = await waitUntil(ended(endpoint.id), 20_000, 'the re-sent delivery');
    expect(again).toMatchObject({ status: 'delivered', attempts: delivery.attempts + 1, lastStatusCode: 200 });
  });

  it('a try run again after a crash sends nothing more, and queues the next try it had missed', async () => {
    const { endpoint } = await register('crash');
    receiver.script.push(500);
    await t.ctx.webhooks.deliveries.emit(who.uid, event('evt_crash'));
    const delivery = await waitUntil(ended(endpoint.id), 20_000, 'the delivery');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    // A job of a finished delivery, run again, sends nothing.
    await t.ctx.webhooks.deliveries.attempt(delivery.id, 1);
    await t.ctx.webhooks.deliveries.attempt(delivery.id, 2);
    expect(postsTo('crash')).toHaveLength(2);

    // As if try 2 had been recorded as failed and its worker had died before queueing try 3.
    await t.ctx.db.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: Date.now() }).where('id', '=', delivery.id).execute();
    const refused = await call('POST', `/${endpoint.id}/deliveries/${delivery.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('delivery_pending');
    await t.ctx.webhooks.deliveries.attempt(delivery.id, 2);
    const resumed = await waitUntil(ended(endpoint.id), 20_000, 'try 3');
    expect(resumed).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(postsTo('crash')).toHaveLength(3);
  });

  it('sends nothing to a turned-off endpoint or for an event it did not choose', async () => {
    const off = await register('off');
    const other = await register('other', ['swap.failed']);
    expect((await call('PATCH', `/${off.endpoint.id}`, { enabled: false })).statusCode).toBe(200);
    const on = await register('on', ['swap.completed']);
    await t.ctx.webhooks.deliveries.emit(who.uid, event('evt_choice'));
    await waitUntil(ended(on.endpoint.id), 20_000, 'the delivery');
    expect(await deliveriesOf(off.endpoint.id)).toEqual([]);
    expect(await deliveriesOf(other.endpoint.id)).toEqual([]);
    expect(postsTo('off').length + postsTo('other').length).toBe(0);
  });
});
