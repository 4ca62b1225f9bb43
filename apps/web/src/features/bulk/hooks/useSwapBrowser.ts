// The swap browser's data: page 1 first, the next page when the
// window is scrolled within 100 px of the bottom (not while loading, and only while more
// remain); a new face filter starts again at page 1; refresh() puts new results on top.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSwapPage } from '../api/bulk-api';

const BOTTOM_PX = 100;

export interface SwapBrowserData {
  items: string[];
  total: number;
  loading: boolean;
  filter: string;
  setFilter: (faceId: string) => void;
  refresh: () => Promise<number>;
  /** Starts again at page 1 (after re-tagging under a filter). */
  reload: () => void;
}

export function useSwapBrowser(): SwapBrowserData {
  const [filter, setFilterState] = useState('');
  const [items, setItems] = useState<string[]>([]);
  const [total, setTotal] = useState(0);
  // On from the start: the first page is being read.
  const [loading, setLoading] = useState(true);
  const page = useRef(0);
  const busy = useRef(false);
  const generation = useRef(0);
  const state = useRef({ items, total, filter });
  useEffect(() => {
    state.current = { items, total, filter };
  }, [items, total, filter]);

  // Callers turn `loading` on first; a load of an earlier filter (older generation) is dropped.
  const load = useCallback((n: number, faceId: string) => {
    busy.current = true;
    const mine = generation.current;
    return fetchSwapPage(n, faceId)
      .then(
        (res) => {
          if (mine !== generation.current) return;
          page.current = n;
          setTotal(res.total);
          setItems((list) => (n === 1 ? res.swaps : [...list, ...res.swaps.filter((u) => !list.includes(u))]));
        },
        (error: unknown) => console.error('Failed to fetch swaps:', error),
      )
      .finally(() => {
        if (mine !== generation.current) return;
        busy.current = false;
        setLoading(false);
      });
  }, []);

  const restart = useCallback(
    (faceId: string) => {
      generation.current += 1;
      page.current = 0;
      state.current = { items: [], total: 0, filter: faceId };
      setItems([]);
      setTotal(0);
      setLoading(true);
      void load(1, faceId);
    },
    [load],
  );

  useEffect(() => {
    void load(1, '');
  }, [load]);

  // Near the bottom → the next page. Checked on scroll and after each page arrives (a page that
  // does not fill the window would otherwise wait for a scroll that cannot happen).
  const loadMoreIfNear = useCallback(() => {
    const { items: list, total: all, filter: faceId } = state.current;
    if (busy.current || list.length >= all) return;
    if (window.innerHeight + window.scrollY < document.documentElement.scrollHeight - BOTTOM_PX) return;
    setLoading(true);
    void load(page.current + 1, faceId);
  }, [load]);

  useEffect(() => {
    window.addEventListener('scroll', loadMoreIfNear, { passive: true });
    return () => window.removeEventListener('scroll', loadMoreIfNear);
  }, [loadMoreIfNear]);

  useEffect(() => {
    if (items.length === 0) return;
    const frame = requestAnimationFrame(loadMoreIfNear);
    return () => cancelAnimationFrame(frame);
  }, [items.length, loadMoreIfNear]);

  /** Reads page 1 again: results that are new go on top; answers the new total. */
  const refresh = useCallback(async () => {
    const faceId = state.current.filter;
    const mine = generation.current;
    try {
      const res = await fetchSwapPage(1, faceId);
      if (mine !== generation.current) return state.current.total;
      setTotal(res.total);
      setItems((list) => [...res.swaps.filter((u) => !list.includes(u)), ...list]);
      return res.total;
    } catch (error) {
      console.error('Failed to fetch swaps:', error);
      return state.current.total;
    }
  }, []);

  const setFilter = useCallback(
    (faceId: string) => {
      setFilterState(faceId);
      restart(faceId);
    },
    [restart],
  );
  const reload = useCallback(() => restart(state.current.filter), [restart]);
  return { items, total, loading, filter, setFilter, refresh, reload };
}
