// Billing calls: whether Stripe billing is on, Checkout, the customer portal, and /me's plan.
import type { BillingConfig, MeResponse, PaidPlanId } from '@visage/contracts';
import { billingConfigGuard, meResponseGuard } from '@visage/contracts/first-load';
import { fromContracts } from '../../../lib/contracts';
import { api, apiRequest } from '../../../lib/api-client';

export function fetchBillingConfig(): Promise<BillingConfig> {
  return api.get('/billing/config', { schema: billingConfigGuard });
}

export async function startCheckout(plan: PaidPlanId): Promise<string> {
  return (await api.post('/billing/checkout', { plan }, { schema: fromContracts((c) => c.redirectResponse) })).url;
}

/** The create-portal-session call: form field `uid` (the caller's own); answers the portal's address. */
export async function createPortalSession(uid: string): Promise<string> {
  const form = new URLSearchParams({ uid });
  return (await apiRequest('/create-portal-session', { method: 'POST', form, schema: fromContracts((c) => c.redirectResponse) })).url;
}

export function fetchMe(): Promise<MeResponse> {
  return api.get('/me', { schema: meResponseGuard });
}
