// A real app wired to the Stripe stand-in, and helpers that deliver signed events by inject.
import type { MeResponse } from '@visage/contracts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { StripeStandIn, type DeliverOptions, type StandInEvent } from '../support/stripe-stand-in.ts';

export const PRICES = { standard: 'price_standard_test', premium: 'price_premium_test' };
export const WEBHOOK_SECRET = 'whsec_test_visage';

export interface BillingHarness {
  t: TestApp;
  stripe: StripeStandIn;
  deliver(event: StandInEvent, opts?: DeliverOptions): Promise<{ status: number; body: { received?: boolean; duplicate?: boolean; error?: { code: string } } }>;
  me(cookie: string): Promise<MeResponse>;
  close(): Promise<void>;
}

export async function billingHarness(env: Record<string, string> = {}): Promise<BillingHarness> {
  const stripe = new StripeStandIn(WEBHOOK_SECRET);
  await stripe.start();
  const t = await makeApp({
    STRIPE_SECRET_KEY: 'sk_test_visage',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STANDARD: PRICES.standard,
    STRIPE_PRICE_PREMIUM: PRICES.premium,
    STRIPE_API_BASE: stripe.url,
    PUBLIC_URL: 'http://visage.test',
    ...env,
  });
  return {
    t,
    stripe,
    async deliver(event, opts) {
      const { payload, header } = stripe.signed(event, opts);
      const res = await t.app.inject({ method: 'POST', url: '/app/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
      return { status: res.statusCode, body: res.json() };
    },
    async me(cookie) {
      return (await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie } })).json<MeResponse>();
    },
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}

/** Signs a user up and starts a Checkout for `plan`; answers the user and the session id. */
export async function checkoutFor(h: BillingHarness, plan: 'standard' | 'premium' = 'standard') {
  const user = await signUp(h.t.app);
  const res = await h.t.app.inject({ method: 'POST', url: '/app/api/billing/checkout', headers: { cookie: user.cookie }, payload: { plan } });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const url = res.json<{ url: string }>().url;
  const sessionId = url.split('/').pop() ?? '';
  return { ...user, url, sessionId };
}

/** Checkout completed and its events delivered: a user on `plan`, with its subscription. */
export async function subscribed(h: BillingHarness, plan: 'standard' | 'premium' = 'standard') {
  const user = await checkoutFor(h, plan);
  const { subscription, events } = h.stripe.completeCheckout(user.sessionId);
  for (const e of events) {
    const r = await h.deliver(e);
    if (r.status !== 200) throw new Error(`deliver ${e.type}: ${r.status}`);
  }
  return { ...user, subscription };
}
