// Billing rules: Checkout for the signed-in user (one Stripe customer each), the customer
// portal for one's own customer, and the webhook that turns Stripe's subscription state into
// the plan in force — each event once, never moving a subscription backwards.
import type { PaidPlanId } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { isUniqueViolation, type UserRow } from '../users/repository.ts';
import { effectivePlan } from './plan.ts';
import type { BillingEvent, StripeGateway, StripeSubscriptionView } from './ports.ts';
import type { BillingPatch, BillingRepository, BillingTx } from './repository.ts';
import { isNotOlder, type SubscriptionSnapshot } from './subscription-order.ts';

/** Stripe's recommended tolerance between the signature's timestamp and now. */
export const WEBHOOK_TOLERANCE_S = 300;

export type BillingLog = (info: Record<string, unknown>, message: string) => void;

const billingOff = () => new AppError(404, 'billing_disabled', 'Billing is not available on this server.');
const unavailable = () => new AppError(503, 'billing_unavailable', 'The payment service could not be reached. Please try again in a moment.');

/** Stripe calls fail as unavailable, never as a crash of ours. */
async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(unavailable(), { cause: err });
  }
}

export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly gateway: StripeGateway | null,
    private readonly prices: Record<PaidPlanId, string>,
    private readonly log: BillingLog = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.gateway !== null;
  }

  private stripe(): StripeGateway {
    if (!this.gateway) throw billingOff();
    return this.gateway;
  }

  private async user(uid: string): Promise<UserRow> {
    const row = await this.repo.findByUid(uid);
    if (!row) throw new AppError(404, 'not_found', 'Not found.');
    return row;
  }

  /** A Checkout page for `plan`; the user's Stripe customer is created once and kept. */
  async checkout(uid: string, plan: PaidPlanId, origin: string): Promise<string> {
    const stripe = this.stripe();
    const row = await this.user(uid);
    if (row.stripe_subscription_id && effectivePlan(row, this.now()) !== 'free') {
      throw new AppError(409, 'already_subscribed', 'You already have a paid plan. Use the billing button to change it.');
    }
    let customer = row.customer_id;
    if (!customer) {
      const created = await stripeCall(() => stripe.createCustomer({ uid, email: row.email, name: `${row.nom} ${row.prenom}`.trim() }));
      customer = await this.repo.linkCustomer(uid, created, this.now());
    }
    return stripeCall(() =>
      stripe.createCheckoutSession({
        customer,
        uid,
        priceId: this.prices[plan],
        successUrl: `${origin}/app/plans?checkout=success`,
        cancelUrl: `${origin}/app/plans?checkout=cancelled`,
      }),
    );
  }

  /** The customer portal of the caller's own customer. */
  async portal(uid: string, origin: string): Promise<string> {
    const stripe = this.stripe();
    const row = await this.user(uid);
    if (!row.customer_id) throw new AppError(404, 'no_customer', 'There is no billing account for this user yet.');
    return stripeCall(() => stripe.createPortalSession({ customer: row.customer_id, returnUrl: `${origin}/app` }));
  }

  /** The Stripe gateway, or null while billing is off (account erasure queues its Stripe side with it). */
  get stripeGateway(): StripeGateway | null {
    return this.gateway;
  }

  /** Verifies and applies one webhook delivery; a replayed event id changes nothing. */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const stripe = this.stripe();
    let event: BillingEvent;
    try {
      if (!signature) throw new Error('no signature');
      event = stripe.verifyEvent(rawBody, signature, WEBHOOK_TOLERANCE_S);
    } catch {
      throw new AppError(400, 'invalid_signature', 'The webhook signature could not be verified.');
    }
    if (await this.repo.hasEvent(event.id)) return { duplicate: true };
    // A completed Checkout names its subscription: read it now (no network inside the transaction).
    const subscriptionId = event.checkout?.subscriptionId;
    const subscription = event.subscription ?? (subscriptionId ? await stripeCall(() => stripe.retrieveSubscription(subscriptionId)) : undefined);
    try {
      return await this.repo.transaction(async (tx) => {
        if (!(await tx.recordEvent(event, this.now()))) return { duplicate: true };
        await this.apply(tx, event, subscription);
        return { duplicate: false };
      });
    } catch (err) {
      if (isUniqueViolation(err)) return { duplicate: true };
      throw err;
    }
  }

  private async apply(tx: BillingTx, event: BillingEvent, sub: StripeSubscriptionView | undefined): Promise<void> {
    const now = this.now();
    let row: UserRow | undefined;
    if (event.checkout?.uid) {
      row = await tx.findByUid(event.checkout.uid);
      if (row && !row.customer_id && event.checkout.customer) {
        await tx.update(row.uid, { customer_id: event.checkout.customer }, now);
        row = { ...row, customer_id: event.checkout.customer };
      }
    } else if (sub) {
      row = (await tx.findByCustomer(sub.customer)) ?? (sub.metadataUid ? await tx.findByUid(sub.metadataUid) : undefined);
    } else if (event.invoice) {
      row = await tx.findByCustomer(event.invoice.customer);
    } else if (event.customer) {
      row = await tx.findByCustomer(event.customer);
    }
    if (!row) {
      this.log({ eventId: event.id, type: event.type }, 'billing event for no known user: recorded, nothing changed');
      return;
    }
    if (sub) await this.applySubscription(tx, row, sub, event.created);
    else if (event.invoice) await this.applyInvoice(tx, row, event);
    // A customer deleted in Stripe: forget it, so the billing button goes and a new Checkout makes another.
    else if (event.type === 'customer.deleted') await tx.update(row.uid, { customer_id: '' }, now);
  }

  private planOf(sub: StripeSubscriptionView): PaidPlanId | null {
    if (sub.priceIds.includes(this.prices.premium)) return 'premium';
    if (sub.priceIds.includes(this.prices.standard)) return 'standard';
    return null;
  }

  private async applySubscription(tx: BillingTx, row: UserRow, sub: StripeSubscriptionView, version: number): Promise<void> {
    const plan = this.planOf(sub);
    if (!plan) {
      this.log({ subscription: sub.id, prices: sub.priceIds }, 'subscription on a price that is neither plan: ignored');
      return;
    }
    const stored: SubscriptionSnapshot | null = row.stripe_subscription_id
      ? { id: row.stripe_subscription_id, created: row.subscription_created ?? 0, status: row.subscription_status ?? '', periodEnd: row.current_period_end, version: row.subscription_version ?? 0 }
      : null;
    const incoming: SubscriptionSnapshot = { id: sub.id, created: sub.created, status: sub.status, periodEnd: sub.currentPeriodEnd, version };
    if (!isNotOlder(stored, incoming)) {
      this.log({ subscription: sub.id, status: sub.status }, 'older subscription state than the one stored: ignored');
      return;
    }
    const patch: BillingPatch = {
      stripe_subscription_id: sub.id,
      stripe_plan: plan,
      subscription_status: sub.status,
      current_period_end: sub.currentPeriodEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd ? 1 : 0,
      subscription_created: sub.created,
      subscription_version: version,
    };
    await this.save(tx, row, patch);
  }

  private async applyInvoice(tx: BillingTx, row: UserRow, event: BillingEvent): Promise<void> {
    const inv = event.invoice;
    if (!inv) return;
    // Latest failed vs latest paid invoice: the order of arrival does not matter.
    const patch: BillingPatch = {};
    if (event.type === 'invoice.payment_failed' && inv.status !== 'paid') {
      patch.invoice_failed_at = Math.max(row.invoice_failed_at ?? 0, inv.created);
    } else if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded') {
      patch.invoice_paid_at = Math.max(row.invoice_paid_at ?? 0, inv.created);
    } else return;
    await this.save(tx, row, patch);
  }

  /** Writes the patch and the plan in force that follows from it (the users row's `subscription` label the API reports). */
  private async save(tx: BillingTx, row: UserRow, patch: BillingPatch): Promise<void> {
    const next = { ...row, ...patch } as UserRow;
    await tx.update(row.uid, { ...patch, subscription: effectivePlan(next, this.now()) }, this.now());
  }
}
