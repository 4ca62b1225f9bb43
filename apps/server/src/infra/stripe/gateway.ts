// The Stripe SDK behind billing's StripeGateway port. STRIPE_API_BASE points it at another
// host (a local stand-in in tests); Stripe itself otherwise.
import Stripe from 'stripe';
import type { BillingEvent, StripeGateway, StripeInvoiceView, StripeSubscriptionView } from '../../modules/billing/ports.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

const ms = (seconds: number | null | undefined) => (typeof seconds === 'number' ? seconds * 1000 : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export function subscriptionView(s: Stripe.Subscription): StripeSubscriptionView {
  // Since API 2025-03-31 the period lives on the items; older payloads carry it on the subscription.
  const legacy = (s as unknown as { current_period_end?: number }).current_period_end;
  const ends = s.items?.data?.map((i) => i.current_period_end).filter((v): v is number => typeof v === 'number') ?? [];
  const periodEnd = ends.length > 0 ? Math.max(...ends) : legacy;
  return {
    id: s.id,
    customer: idOf(s.customer) ?? '',
    status: s.status,
    created: s.created * 1000,
    currentPeriodEnd: ms(periodEnd),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    priceIds: s.items?.data?.map((i) => i.price?.id).filter((v): v is string => typeof v === 'string') ?? [],
    metadataUid: s.metadata?.uid ?? null,
  };
}

function invoiceView(i: Stripe.Invoice): StripeInvoiceView {
  return { id: i.id ?? '', customer: idOf(i.customer) ?? '', created: i.created * 1000, status: i.status ?? null };
}

export function toBillingEvent(e: Stripe.Event): BillingEvent {
  const base: BillingEvent = { id: e.id, type: e.type, created: e.created * 1000 };
  const obj = e.data.object as { object?: string };
  if (obj.object === 'subscription') base.subscription = subscriptionView(obj as Stripe.Subscription);
  else if (obj.object === 'invoice') base.invoice = invoiceView(obj as Stripe.Invoice);
  else if (obj.object === 'customer') base.customer = (obj as Stripe.Customer).id;
  else if (obj.object === 'checkout.session') {
    const s = obj as Stripe.Checkout.Session;
    base.checkout = { customer: idOf(s.customer), uid: s.client_reference_id ?? s.metadata?.uid ?? null, subscriptionId: idOf(s.subscription) };
  }
  return base;
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    async createCustomer({ uid, email, name }) {
      // Idempotent per user: a double click never makes two customers.
      const c = await stripe.customers.create({ email, name: name || undefined, metadata: { uid } }, { idempotencyKey: `visage-customer-${uid}` });
      return c.id;
    },
    async createCheckoutSession({ customer, uid, priceId, successUrl, cancelUrl }) {
      const s = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: uid,
        line_items: [{ price: priceId, quantity: 1 }],
        subscription_data: { metadata: { uid } },
        metadata: { uid },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!s.url) throw new Error('Stripe returned a checkout session without a URL');
      return s.url;
    },
    async createPortalSession({ customer, returnUrl }) {
      const s = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return s.url;
    },
    async retrieveSubscription(id) {
      return subscriptionView(await stripe.subscriptions.retrieve(id));
    },
    async cancelSubscription(id) {
      return subscriptionView(await stripe.subscriptions.cancel(id));
    },
    async deleteCustomer(id) {
      try {
        await stripe.customers.del(id);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
    },
    verifyEvent(rawBody, signature, toleranceSeconds) {
      return toBillingEvent(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, toleranceSeconds));
    },
  };
}
