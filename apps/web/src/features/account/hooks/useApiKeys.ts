// The account's API keys: loaded once, then reloaded after each create or revoke.
import { useCallback, useEffect, useState } from 'react';
import type { ApiKeyList, CreatedApiKey } from '@visage/contracts';
import { createApiKey, fetchApiKeys, revokeApiKey } from '../api/account-api';

export function useApiKeys(): {
  list: ApiKeyList | null;
  failed: boolean;
  create: (name: string) => Promise<CreatedApiKey>;
  revoke: (id: string) => Promise<void>;
} {
  const [list, setList] = useState<ApiKeyList | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchApiKeys(signal).then(
        (l) => {
          setList(l);
          setFailed(false);
        },
        (e: unknown) => {
          if (!signal?.aborted) setFailed(Boolean(e));
        },
      ),
    [],
  );
  useEffect(() => {
    const abort = new AbortController();
    void reload(abort.signal);
    return () => abort.abort();
  }, [reload]);
  const create = async (name: string) => {
    const created = await createApiKey(name);
    await reload();
    return created;
  };
  const revoke = async (id: string) => {
    await revokeApiKey(id);
    await reload();
  };
  return { list, failed, create, revoke };
}
