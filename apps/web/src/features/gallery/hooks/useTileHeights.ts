// The gallery tiles' heights (their gap below included), measured as they render and whenever
// they change (an image loading, a new column width), keyed by the tile's swap id.
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface TileHeights {
  heights: Record<string, number>;
  /** Ref callback for a tile carrying `data-tile-id`. */
  measure: (tile: HTMLElement | null) => (() => void) | undefined;
}

export function useTileHeights(): TileHeights {
  const [heights, setHeights] = useState<Record<string, number>>({});
  // Without ResizeObserver (old browsers, tests) every tile keeps the default span.
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            setHeights((previous) => {
              let next = previous;
              for (const entry of entries) {
                const id = (entry.target as HTMLElement).dataset.tileId;
                const height = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
                if (!id || previous[id] === height) continue;
                if (next === previous) next = { ...previous };
                next[id] = height;
              }
              return next;
            });
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const measure = useCallback(
    (tile: HTMLElement | null) => {
      if (!tile || !observer) return undefined;
      observer.observe(tile);
      return () => observer.unobserve(tile);
    },
    [observer],
  );
  return { heights, measure };
}
