import { z } from 'zod';

/** The plans, as the terms of use state them. Prices in euro a month; null allowance = unlimited. */
export const planId = z.enum(['free', 'standard', 'premium']);
export type PlanId = z.infer<typeof planId>;
export const paidPlanId = z.enum(['standard', 'premium']);
export type PaidPlanId = z.infer<typeof paidPlanId>;

export interface PlanFacts {
  id: PlanId;
  priceEur: number;
  /** Image swaps a calendar month; null = unlimited. */
  imageSwaps: number | null;
  /** Video swaps a calendar month; null = unlimited (video swaps are not offered yet). */
  videoSwaps: number | null;
}

export const PLANS: Record<PlanId, PlanFacts> = {
  free: { id: 'free', priceEur: 0, imageSwaps: 10, videoSwaps: 0 },
  standard: { id: 'standard', priceEur: 7, imageSwaps: null, videoSwaps: 5 },
  premium: { id: 'premium', priceEur: 24, imageSwaps: null, videoSwaps: null },
};

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
