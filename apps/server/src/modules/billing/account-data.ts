// Billing's part of "Download my data" (the Stripe references we keep) and of account erasure:
// an active subscription is cancelled at Stripe when billing is configured. Invoices stay with
// Stripe, as the law requires (the privacy page says so).
import type { UsersRepository } from '../users/repository.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { BillingService } from './service.ts';

export function billingAccountData(billing: BillingService, users: UsersRepository): [DataSection, Eraser] {
  const section: DataSection = {
    name: 'billing',
    async collect(uid) {
      const u = await users.findByUid(uid);
      const data = u
        ? { customerId: u.customer_id || null, subscriptionId: u.stripe_subscription_id, plan: u.stripe_plan, status: u.subscription_status, currentPeriodEnd: u.current_period_end }
        : null;
      return { data, keys: [] };
    },
  };
  const eraser: Eraser = { name: 'billing', erase: (uid) => billing.cancelFor(uid) };
  return [section, eraser];
}
