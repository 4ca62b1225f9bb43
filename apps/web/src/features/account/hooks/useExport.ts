// The latest "Download my data" export: started on demand, followed every second while its
// job runs (status and progress), with its download link once done.
import { useEffect, useState } from 'react';
import type { DataExport } from '@visage/contracts';
import { fetchExports, startExport } from '../api/account-api';

const POLL_MS = 1000;

export function useExport(): { latest: DataExport | null; start: () => Promise<void>; error: unknown } {
  const [latest, setLatest] = useState<DataExport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const pending = latest?.status === 'queued' || latest?.status === 'running';
  useEffect(() => {
    const load = () =>
      fetchExports().then(
        (list) => setLatest(list[0] ?? null),
        (e: unknown) => setError(e),
      );
    // At first, the export already made (if any); then every second while one is being built.
    if (!pending) {
      void load();
      return;
    }
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);
  const start = async () => {
    setError(null);
    try {
      setLatest(await startExport());
    } catch (e) {
      setError(e);
    }
  };
  return { latest, start, error };
}
