// The caller's plan and usage from /me, read again whenever `refreshSignal` changes (a swap
// finished) so the numbers follow the swaps.
import { useEffect, useState } from 'react';
import type { MeResponse } from '@visage/contracts';
import { fetchMe } from '../api/billing-api';

export function useMePlan(enabled: boolean, refreshSignal = 0): MeResponse | null {
  const [me, setMe] = useState<MeResponse | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchMe().then(
      (m) => {
        if (live) setMe(m);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [enabled, refreshSignal]);
  return me;
}
