import { z } from 'zod';
import { PLAN_IDS } from './constants.ts';

/** The plans (their facts, PLANS, are in constants.ts). */
export const planId = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planId>;
export const paidPlanId = z.enum(['standard', 'premium']);
export type PaidPlanId = z.infer<typeof paidPlanId>;
export { PLANS, type PlanFacts } from './constants.ts';

/** GET /app/api/billing/config: whether Stripe billing is on (plans are always shown). */
export const billingConfig = z.object({ enabled: z.boolean() });
export type BillingConfig = z.infer<typeof billingConfig>;

/** POST /app/api/billing/checkout */
export const checkoutRequest = z.object({ plan: paidPlanId });
export type CheckoutRequest = z.infer<typeof checkoutRequest>;
/** POST /app/api/billing/checkout and POST /app/api/create-portal-session (JSON): where to send the browser. */
export const redirectResponse = z.object({ url: z.string().url() });
export type RedirectResponse = z.infer<typeof redirectResponse>;

/** Where the caller's plan stands, part of GET /app/api/me. */
export const planStatus = z.object({
  /** The plan in force now (what the allowance uses). */
  plan: planId,
  /** Image swaps a month on that plan; null = unlimited. */
  limit: z.number().int().nullable(),
  /** Stripe's subscription status, when there is a subscription. */
  status: z.string().nullable(),
  /** End of the paid period (epoch ms), when there is a subscription. */
  currentPeriodEnd: z.number().nullable(),
  /** Cancelled: the plan runs to currentPeriodEnd, then ends. */
  cancelAtPeriodEnd: z.boolean(),
  /** A payment failed: paid access is suspended until it is paid. */
  suspended: z.boolean(),
  /** The plan of the subscription itself (even while suspended or after its end). */
  subscribedPlan: planId.nullable(),
});
export type PlanStatus = z.infer<typeof planStatus>;
