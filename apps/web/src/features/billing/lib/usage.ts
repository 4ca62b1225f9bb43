// Numbers the usage panel shows, from /me: used, left (null = unlimited), and the plan's limit.
import type { MeResponse, PlanId } from '@visage/contracts';
import { PLANS } from '@visage/contracts/constants';

export interface UsageFigures {
  plan: PlanId;
  used: number;
  limit: number | null;
  left: number | null;
  resetDate: string;
}

export function usageFigures(me: MeResponse): UsageFigures {
  const plan = me.billing?.plan ?? (me.profile.subscription in PLANS ? (me.profile.subscription as PlanId) : 'free');
  const limit = me.billing ? me.billing.limit : PLANS[plan].imageSwaps;
  return { plan, used: me.usage, limit, left: limit === null ? null : Math.max(0, limit - me.usage), resetDate: me.resetDate };
}
