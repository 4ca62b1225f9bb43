// Loads the account summary and reloads it after a change.
import { useCallback, useEffect, useState } from 'react';
import type { AccountResponse } from '@visage/contracts';
import { fetchAccount } from '../api/account-api';

export function useAccount(): { account: AccountResponse | null; failed: boolean; reload: () => Promise<void> } {
  const [account, setAccount] = useState<AccountResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchAccount(controller.signal).then(
      (next) => setAccount(next),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);
  const reload = useCallback(async () => {
    try {
      const next = await fetchAccount();
      setAccount(next);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  return { account, failed, reload };
}
