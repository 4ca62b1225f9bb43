// Which plan is in force now: one pure rule, used by /me, the admin list and the allowance.
// The allowance code calls effectivePlan(row, now) to decide "unlimited" (anything but free).
import { PLANS, planId, type PlanId, type PlanStatus } from '@visage/contracts';
import type { UsersTable } from '../../infra/db/schema.ts';

/** The billing columns of a users row that decide the plan. */
export type BillingFields = Pick<
  UsersTable,
  | 'subscription'
  | 'stripe_subscription_id'
  | 'stripe_plan'
  | 'subscription_status'
  | 'current_period_end'
  | 'invoice_failed_at'
  | 'invoice_paid_at'
> & { cancel_at_period_end: number };

/** Stripe statuses that give paid access (past_due, unpaid, incomplete, canceled… do not). */
const PAID_STATUSES = new Set(['active', 'trialing']);

export function asPlan(value: string | null | undefined): PlanId {
  const parsed = planId.safeParse(value);
  return parsed.success ? parsed.data : 'free';
}

/** A failed invoice newer than the last paid one suspends paid access until it is paid. */
export function isSuspended(row: BillingFields): boolean {
  return row.invoice_failed_at !== null && row.invoice_failed_at > (row.invoice_paid_at ?? 0);
}

/**
 * The plan in force at `now` (epoch ms). Without a Stripe subscription it is the stored label
 * (free, or a plan an admin set while Stripe is off). With one: its plan while Stripe says
 * active/trialing and no payment failed; a cancelled plan runs to the end of its paid period.
 */
export function effectivePlan(row: BillingFields, now: number = Date.now()): PlanId {
  if (!row.stripe_subscription_id) return asPlan(row.subscription);
  if (!PAID_STATUSES.has(row.subscription_status ?? '')) return 'free';
  if (isSuspended(row)) return 'free';
  if (row.cancel_at_period_end && row.current_period_end !== null && now >= row.current_period_end) return 'free';
  return asPlan(row.stripe_plan);
}

/** Monthly image swaps on the plan in force; null = unlimited. */
export function monthlyLimit(row: BillingFields, now: number = Date.now()): number | null {
  return PLANS[effectivePlan(row, now)].imageSwaps;
}

/** Monthly image swaps a person may make: their plan's for a user; operators and admins have no limit. */
export function allowanceOf(row: BillingFields & { role: string }, now: number = Date.now()): number | null {
  return row.role === 'user' ? monthlyLimit(row, now) : null;
}

/** Monthly video swaps a person may make (0: none on the plan); operators and admins have no limit. */
export function videoAllowanceOf(row: BillingFields & { role: string }, now: number = Date.now()): number | null {
  return row.role === 'user' ? PLANS[effectivePlan(row, now)].videoSwaps : null;
}

export function planStatusOf(row: BillingFields, now: number = Date.now()): PlanStatus {
  const plan = effectivePlan(row, now);
  const hasSub = Boolean(row.stripe_subscription_id);
  return {
    plan,
    limit: PLANS[plan].imageSwaps,
    status: hasSub ? row.subscription_status : null,
    currentPeriodEnd: hasSub ? row.current_period_end : null,
    cancelAtPeriodEnd: hasSub && row.cancel_at_period_end === 1,
    suspended: hasSub && isSuspended(row),
    subscribedPlan: hasSub ? asPlan(row.stripe_plan) : null,
  };
}
