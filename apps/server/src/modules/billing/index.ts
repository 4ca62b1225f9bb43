// Billing wiring: the Stripe gateway when configured (else billing is off and hidden), the
// service, and its routes.
import type { FastifyInstance } from 'fastify';
import { billingEnabled, type Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import { createStripeGateway } from '../../infra/stripe/gateway.ts';
import { BillingRepository } from './repository.ts';
import { billingRoutes } from './routes.ts';
import { BillingService, type BillingLog } from './service.ts';
import type { StripeGateway } from './ports.ts';

export { effectivePlan, isSuspended, monthlyLimit, planStatusOf, type BillingFields } from './plan.ts';
export { BillingService } from './service.ts';
export { attachStripeErasureJob, stripeErasureJob } from './erasure.ts';
export { PORTAL_PATH, WEBHOOK_PATH } from './routes.ts';

export function createBillingService(config: Config, db: Db, log?: BillingLog, gateway?: StripeGateway): BillingService {
  const stripe =
    gateway ??
    (billingEnabled(config)
      ? createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY as string, webhookSecret: config.STRIPE_WEBHOOK_SECRET as string, apiBase: config.STRIPE_API_BASE })
      : null);
  const prices = { standard: config.STRIPE_PRICE_STANDARD ?? '', premium: config.STRIPE_PRICE_PREMIUM ?? '' };
  return new BillingService(new BillingRepository(db, config.databaseKind === 'postgres'), stripe, prices, log);
}

export async function registerBillingRoutes(app: FastifyInstance, deps: { billing: BillingService; config: Config }): Promise<void> {
  await billingRoutes(app, deps.billing, deps.config);
}
