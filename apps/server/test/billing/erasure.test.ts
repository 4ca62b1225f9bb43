// Account erasure with a paid plan: the account goes at once whatever Stripe answers, and a
// retried job cancels the subscription and deletes the customer at Stripe.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataExport } from '@visage/contracts';
import { billingHarness, subscribed, type BillingHarness } from './support.ts';

let h: BillingHarness;
beforeAll(async () => {
  // Short retries: the job's attempts follow one another in a test's time.
  h = await billingHarness({ JOB_BACKOFF_MS: '50' });
});
afterAll(async () => h?.close());

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i += 1) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('erases the account while Stripe refuses, then cancels and deletes the customer once it accepts', async () => {
  const user = await subscribed(h);
  const customerId = (await h.me(user.cookie)).profile.customerId;
  const made = await h.t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie: user.cookie } });
  expect(made.statusCode).toBeLessThan(300);
  const exportId = made.json<DataExport>().id;
  const zip = await until(() => h.t.ctx.db.selectFrom('data_exports').select(['status', 'storage_key']).where('id', '=', exportId).executeTakeFirst(), (r) => r?.status === 'done', 'the export');

  h.stripe.refuse = (call) => call.startsWith('DELETE /v1/');
  const res = await h.t.app.inject({ method: 'DELETE', url: '/app/api/me', headers: { cookie: user.cookie }, payload: { email: user.me.profile.email } });
  expect(res.statusCode).toBe(204);
  expect(await h.t.ctx.db.selectFrom('users').select('uid').where('uid', '=', user.me.uid).executeTakeFirst()).toBeUndefined();
  expect(await h.t.ctx.db.selectFrom('data_exports').select('id').where('uid', '=', user.me.uid).execute()).toEqual([]);
  expect(await h.t.ctx.storage.exists(zip!.storage_key!)).toBe(false);

  // Stripe still refuses: the job is retried, and the customer is still there.
  const job = `stripe-erase-${user.me.uid}`;
  await until(() => h.t.ctx.queue.get(job), (j) => (j?.attempts ?? 0) >= 2, 'a second attempt');
  expect(h.stripe.customers.has(customerId)).toBe(true);
  expect(h.stripe.subscriptions.get(user.subscription.id)?.status).toBe('active');

  h.stripe.refuse = null;
  await until(() => h.t.ctx.queue.get(job), (j) => j?.status === 'done' || j?.status === 'failed', 'the job to end');
  expect((await h.t.ctx.queue.get(job))?.status).toBe('done');
  expect(h.stripe.subscriptions.get(user.subscription.id)?.status).toBe('canceled');
  expect(h.stripe.customers.has(customerId)).toBe(false);
  expect(h.stripe.calls).toContain(`DELETE /v1/subscriptions/${user.subscription.id}`);
  expect(h.stripe.calls).toContain(`DELETE /v1/customers/${customerId}`);
}, 60_000);
