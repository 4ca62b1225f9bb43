// The caller's saved faces, loaded once and reloaded on demand (after an upload or a delete).
import { useCallback, useEffect, useState } from 'react';
import type { SavedFace } from '@visage/contracts';
import { useAppSelector } from '../../../store/hooks';
import { listFaces } from '../api/bulk-api';

export function useFaces(): { uid: string | null; faces: SavedFace[]; loading: boolean; reload: () => void } {
  const uid = useAppSelector((state) => state.auth.uid);
  const [faces, setFaces] = useState<SavedFace[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!uid) return;
    let live = true;
    listFaces(uid).then(
      (list) => {
        if (!live) return;
        setFaces(list);
        setLoading(false);
      },
      (error: unknown) => {
        console.error('Error fetching images:', error);
        if (live) setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [uid, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { uid, faces, loading, reload };
}
