// The plan-in-force rule and the subscription ordering rule, as pure functions.
import { describe, expect, it } from 'vitest';
import { effectivePlan, type BillingFields } from '../../src/modules/billing/plan.ts';
import { isNotOlder, type SubscriptionSnapshot } from '../../src/modules/billing/subscription-order.ts';

const NOW = Date.UTC(2026, 10, 27);
const base: BillingFields = {
  subscription: 'free',
  stripe_subscription_id: 'sub_1',
  stripe_plan: 'standard',
  subscription_status: 'active',
  current_period_end: NOW + 86_400_000,
  cancel_at_period_end: 0,
  invoice_failed_at: null,
  invoice_paid_at: null,
};

describe('effectivePlan', () => {
  it('follows the stored label without a subscription (free, or set by an admin)', () => {
    expect(effectivePlan({ ...base, stripe_subscription_id: null, subscription: 'premium' }, NOW)).toBe('premium');
    expect(effectivePlan({ ...base, stripe_subscription_id: null, subscription: 'gold' }, NOW)).toBe('free');
  });
  it('gives the subscribed plan while active or trialing', () => {
    expect(effectivePlan(base, NOW)).toBe('standard');
    expect(effectivePlan({ ...base, subscription_status: 'trialing' }, NOW)).toBe('standard');
    for (const s of ['past_due', 'unpaid', 'incomplete', 'canceled', 'paused']) expect(effectivePlan({ ...base, subscription_status: s }, NOW)).toBe('free');
  });
  it('suspends while the latest failed invoice is newer than the latest paid one', () => {
    expect(effectivePlan({ ...base, invoice_failed_at: 5, invoice_paid_at: 4 }, NOW)).toBe('free');
    expect(effectivePlan({ ...base, invoice_failed_at: 5, invoice_paid_at: 5 }, NOW)).toBe('standard');
  });
  it('keeps a cancelled plan to the end of its period', () => {
    const cancelled = { ...base, cancel_at_period_end: 1 };
    expect(effectivePlan(cancelled, NOW)).toBe('standard');
    expect(effectivePlan(cancelled, NOW + 86_400_000)).toBe('free');
    // Not cancelled: a renewal's webhook may land a little after the period's end.
    expect(effectivePlan(base, NOW + 86_400_000)).toBe('standard');
  });
});

describe('isNotOlder', () => {
  const s: SubscriptionSnapshot = { id: 'sub_1', created: 1000, status: 'active', periodEnd: 5000, version: 2000 };
  it('takes the first snapshot, a later period, or a later event in the same period', () => {
    expect(isNotOlder(null, s)).toBe(true);
    expect(isNotOlder(s, { ...s, periodEnd: 9000, version: 1 })).toBe(true);
    expect(isNotOlder(s, { ...s, periodEnd: 4000, version: 9999 })).toBe(false);
    expect(isNotOlder(s, { ...s, version: 2001 })).toBe(true);
    expect(isNotOlder(s, { ...s, version: 1999 })).toBe(false);
  });
  it('never revives an ended subscription nor goes back to incomplete', () => {
    const ended = { ...s, status: 'canceled' };
    expect(isNotOlder(s, ended)).toBe(true);
    expect(isNotOlder(ended, { ...s, version: 9999 })).toBe(false);
    expect(isNotOlder(s, { ...s, status: 'incomplete', version: 9999 })).toBe(false);
  });
  it('lets a newer subscription replace an older one, not the reverse', () => {
    expect(isNotOlder({ ...s, status: 'canceled' }, { ...s, id: 'sub_2', created: 3000 })).toBe(true);
    expect(isNotOlder({ ...s, id: 'sub_2', created: 3000 }, { ...s, version: 9999 })).toBe(false);
  });
});
