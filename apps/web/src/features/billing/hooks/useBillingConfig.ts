// Whether Stripe billing is on (asked once per page load; billing stays hidden until known).
import { useEffect, useState } from 'react';
import { fetchBillingConfig } from '../api/billing-api';

let cached: Promise<boolean> | null = null;

export function useBillingEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    cached ??= fetchBillingConfig().then(
      (c) => c.enabled,
      () => {
        cached = null;
        return false;
      },
    );
    void cached.then((v) => {
      if (live) setEnabled(v);
    });
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/** Asks the server again on next use (tests; a server whose settings changed). */
export function forgetBillingConfig(): void {
  cached = null;
}
