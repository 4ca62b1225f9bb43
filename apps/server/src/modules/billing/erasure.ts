// Account erasure at Stripe: the subscription is cancelled and the customer (its e-mail, name and
// our uid in its metadata) deleted by a retried job, so a Stripe outage or refusal never holds up
// the local erasure; the job carries only Stripe's ids, which outlive the account row.
import { z } from 'zod';
import { defineJob, type JobQueue, type JobRegistry } from '../../infra/queue/index.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { Eraser } from '../account/registry.ts';
import type { StripeGateway } from './ports.ts';
import type { BillingLog } from './service.ts';

/** 12 attempts, JOB_BACKOFF_MS doubling (about an hour with the 2 s default): past a short Stripe incident. */
export const stripeErasureJob = defineJob(
  'billing.erase-customer',
  z.object({ customerId: z.string().max(255), subscriptionId: z.string().max(255).nullable() }),
  { maxAttempts: 12 },
);

/** The eraser: queues the Stripe side (one job per account, idempotent by its id) when billing is on. */
export function stripeEraser(gateway: StripeGateway | null, users: UsersRepository, queue: JobQueue): Eraser {
  return {
    name: 'billing',
    async erase(uid) {
      const row = await users.findByUid(uid);
      if (!gateway || !row || (!row.customer_id && !row.stripe_subscription_id)) return;
      const live = row.stripe_subscription_id && row.subscription_status !== 'canceled' ? row.stripe_subscription_id : null;
      await queue.enqueue(stripeErasureJob, { customerId: row.customer_id, subscriptionId: live }, { jobId: `stripe-erase-${uid}` });
    },
  };
}

/** Stripe refuses to cancel a subscription twice, and answers 404 for one it no longer has: both are done. */
async function cancelled(gateway: StripeGateway, id: string): Promise<void> {
  try {
    await gateway.cancelSubscription(id);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return;
    const current = await gateway.retrieveSubscription(id).catch(() => null);
    if (current?.status !== 'canceled') throw err;
  }
}

/** The job: cancel, then delete the customer. Both are done when Stripe says the object is already gone. */
export function attachStripeErasureJob(jobs: JobRegistry, gateway: StripeGateway | null, log: BillingLog): void {
  jobs.handle(
    stripeErasureJob,
    async ({ customerId, subscriptionId }) => {
      // Billing turned off since the job was queued: nothing can reach Stripe, and retrying will not change that.
      if (!gateway) throw new Error('billing is not configured: the Stripe customer cannot be erased');
      if (subscriptionId) await cancelled(gateway, subscriptionId);
      if (customerId) await gateway.deleteCustomer(customerId);
      return { customerId, subscriptionId };
    },
    {
      onFailed: async ({ customerId, subscriptionId }, error) =>
        log({ customerId, subscriptionId, error: error.slice(0, 300) }, 'Stripe erasure failed for good: cancel and delete this customer by hand'),
    },
  );
}
