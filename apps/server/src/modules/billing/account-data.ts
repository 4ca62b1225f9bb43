// Billing's part of "Download my data" (the Stripe references we keep) and of account erasure:
// when billing is configured, a job cancels the subscription and deletes the customer at Stripe
// (erasure.ts). Invoices stay with Stripe, as the law requires (the privacy page says so).
import type { JobQueue } from '../../infra/queue/index.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import { stripeEraser } from './erasure.ts';
import type { BillingService } from './service.ts';

export function billingAccountData(billing: BillingService, users: UsersRepository, queue: JobQueue): [DataSection, Eraser] {
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
  return [section, stripeEraser(billing.stripeGateway, users, queue)];
}
