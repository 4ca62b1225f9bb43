// A 503 we answer on purpose (the decode queue full, Stripe unreachable) writes one warn line at
// the default level, with the route, code, caller's id and the upstream error's kind: no secrets,
// no e-mail address.
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { multipart } from '../support/multipart.ts';
import { StripeStandIn } from '../support/stripe-stand-in.ts';

let text = '';
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    text += chunk.toString();
    done();
  },
});
const warnings = () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 40);

let t: TestApp;
const stripe = new StripeStandIn('whsec_test_log');
beforeAll(async () => {
  await stripe.start();
  t = await makeApp(
    {
      LOG_LEVEL: 'info',
      ROLE: 'api',
      // One upload at a time and one waiting: a third one at once is refused as busy.
      UPLOAD_CONCURRENCY: '1',
      IMAGE_DECODE_QUEUE: '1',
      STRIPE_SECRET_KEY: 'sk_test_visage',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_log',
      STRIPE_PRICE_STANDARD: 'price_standard_test',
      STRIPE_PRICE_PREMIUM: 'price_premium_test',
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'http://visage.test',
    },
    { logStream: stream },
  );
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

it('logs the billing 503 at warn, with the Stripe error kind and no e-mail', async () => {
  const user = await signUp(t.app);
  stripe.refuse = () => true;
  const res = await t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie }, payload: { plan: 'standard' } });
  stripe.refuse = null;
  expect(res.statusCode).toBe(503);
  const line = warnings().find((l) => l.code === 'billing_unavailable');
  expect(line).toMatchObject({ status: 503, url: '/app/api/billing/checkout', uid: user.me.uid, cause: { type: 'StripeInvalidRequestError', statusCode: 400 } });
  expect(JSON.stringify(line)).not.toContain(user.me.profile.email);
});

it('logs the busy 503 at warn', async () => {
  const user = await signUp(t.app);
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#8a6' } }).png().toBuffer();
  const upload = () => {
    const form = multipart([
      { name: 'uid', value: user.me.uid },
      { name: 'target', filename: 't.png', contentType: 'image/png', body: png },
      { name: 'source', filename: 's.png', contentType: 'image/png', body: png },
    ]);
    return t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: user.cookie } });
  };
  const answers = await Promise.all([upload(), upload(), upload()]);
  expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 202, 503]);
  expect(warnings().find((l) => l.code === 'busy')).toMatchObject({ status: 503, url: '/app/api/upload', uid: user.me.uid });
});
