// The signed-in user's faces and their limits, loaded once and again after each change.
import { useCallback, useEffect, useState } from 'react';
import type { MyFaceList } from '@visage/contracts';
import { fetchMyFaces } from '../api/my-faces-api';

export function useMyFaces(enabled = true): { list: MyFaceList | null; failed: boolean; reload: () => Promise<void> } {
  const [list, setList] = useState<MyFaceList | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setList(await fetchMyFaces());
      setFailed(false);
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchMyFaces(controller.signal).then(
      (answer) => {
        setList(answer);
        setFailed(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [enabled]);

  return { list, failed, reload };
}
