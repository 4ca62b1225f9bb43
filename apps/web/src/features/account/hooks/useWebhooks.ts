// The account's webhook endpoints, loaded once and again after each change.
import { useCallback, useEffect, useState } from 'react';
import type { WebhookList } from '@visage/contracts';
import { fetchWebhooks } from '../api/webhooks-api';

export function useWebhooks(): { list: WebhookList | null; failed: boolean; reload: () => Promise<void> } {
  const [list, setList] = useState<WebhookList | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    () =>
      fetchWebhooks().then(
        (l) => {
          setList(l);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { list, failed, reload: load };
}
