// Back from Stripe Checkout (?checkout=success): read /me every second, for up to 30 s, until
// the webhook has put the user on a paid plan; then `onConfirmed` (the page goes to /app).
import { useEffect, useState } from 'react';
import type { PlanId } from '@visage/contracts';
import { fetchMe } from '../api/billing-api';

export type CheckoutReturn = 'none' | 'confirming' | 'confirmed' | 'slow' | 'cancelled';

export const CONFIRM_POLL_MS = 1000;
export const CONFIRM_TIMEOUT_MS = 30_000;

export function useCheckoutReturn(param: string | null, onConfirmed: (plan: PlanId) => void): { state: CheckoutReturn; plan: PlanId | null } {
  const [state, setState] = useState<CheckoutReturn>(param === 'success' ? 'confirming' : param === 'cancelled' ? 'cancelled' : 'none');
  const [plan, setPlan] = useState<PlanId | null>(null);
  useEffect(() => {
    if (param !== 'success') return;
    let live = true;
    const started = Date.now();
    const check = async () => {
      try {
        const me = await fetchMe();
        const now = me.billing?.plan ?? 'free';
        if (now !== 'free') {
          if (!live) return;
          setPlan(now);
          setState('confirmed');
          onConfirmed(now);
          return;
        }
      } catch (error) {
        console.error(error);
      }
      if (!live) return;
      if (Date.now() - started >= CONFIRM_TIMEOUT_MS) setState('slow');
      else timer = setTimeout(() => void check(), CONFIRM_POLL_MS);
    };
    let timer = setTimeout(() => void check(), 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // onConfirmed is read once the plan is known; a new function identity must not restart the poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [param]);
  return { state, plan };
}
