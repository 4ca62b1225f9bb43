// Loads the user's gallery, polls it every 15 s while a swap is processing, refetches at once
// when `refreshSignal` changes, and clears the processing flag when the count grows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_POLL_MS } from '@visage/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setFaceSwapProcessing } from '../../../store/ui-slice';
import { fetchSwaps, type GalleryMode } from '../api/fetch-swaps';
import { applyFetched, EMPTY_GALLERY, orderSwaps, type GallerySnapshot } from '../lib/gallery-state';

export interface GalleryState extends GallerySnapshot {
  loaded: boolean;
  /** Fetches the list again now (after a result was deleted). */
  refresh: () => Promise<void>;
}

export function useGallery(uid: string, refreshSignal = 0, mode: GalleryMode = 'main'): GalleryState {
  const dispatch = useAppDispatch();
  const processing = useAppSelector((state) => state.ui.faceSwapProcessing);
  const [snapshot, setSnapshot] = useState<GallerySnapshot>(EMPTY_GALLERY);
  const snapshotRef = useRef(snapshot);
  const processingRef = useRef(processing);
  useEffect(() => {
    processingRef.current = processing;
  }, [processing]);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const fetched = orderSwaps(await fetchSwaps(uid, signal, mode));
        const { next, clearProcessing } = applyFetched(snapshotRef.current, fetched, processingRef.current);
        snapshotRef.current = next;
        setSnapshot(next);
        if (clearProcessing) dispatch(setFaceSwapProcessing(false));
      } catch (error) {
        if (signal?.aborted) return;
        console.error('Failed to fetch swaps:', error);
      }
    },
    [dispatch, uid, mode],
  );

  // First load, and a fresh start when the user changes.
  useEffect(() => {
    const controller = new AbortController();
    snapshotRef.current = EMPTY_GALLERY;
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  // A finished job asks for the new result now.
  useEffect(() => {
    if (refreshSignal === 0) return;
    void refresh();
  }, [refresh, refreshSignal]);

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(), GALLERY_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  return { ...snapshot, loaded: snapshot.knownCount !== null, refresh };
}
