// The user's gallery under the swap form (or a pro mode's): masonry of thumbnails dealt across
// the columns row by row, newest first, with the
// full-size viewer on click and an empty state for a new user.
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { focusIsFree } from '../../../lib/focus-handoff';
import { useGallery } from '../hooks/useGallery';
import type { GalleryMode } from '../api/fetch-swaps';
import { useTileHeights } from '../hooks/useTileHeights';
import { columnCount, columnOf, rowSpan } from '../lib/columns';
import { countText } from '../lib/count-text';
import { formatDuration } from '../lib/duration';
import styles from './Gallery.module.css';

// The viewer is its own chunk, asked for when a tile is first pointed at or focused (the click
// follows), so a visit that opens no image does not load it.
const loadViewer = () => import('./Viewer');
const Viewer = lazy(() => loadViewer().then((m) => ({ default: m.Viewer })));
const preloadViewer = () => void loadViewer();

export interface GalleryProps {
  uid: string;
  /** Changes when a swap has just finished: the gallery refetches at once. */
  refreshSignal?: number;
  /** Which list: the main gallery (default) or a pro mode's; pro modes use 4 / 3 / 2 / 1 columns. */
  mode?: GalleryMode;
  /** Heading in place of the main gallery's. */
  title?: string;
  /** A result this page just made: its tile takes the focus once it shows (unless focus moved on meanwhile). */
  focusId?: string | null;
}

export function Gallery({ uid, refreshSignal, mode = 'main', title, focusId }: GalleryProps) {
  const { t, i18n } = useTranslation('gallery');
  const { items, loaded, refresh } = useGallery(uid, refreshSignal, mode);
  const columns = columnCount(mode === 'main' ? 'main' : 'pro', useViewportWidth());
  const { heights, measure } = useTileHeights();
  // The viewer follows an image, not a position: a result arriving meanwhile does not move it.
  const [openId, setOpenId] = useState<string | null>(null);
  const openIndex = openId === null ? -1 : items.findIndex((item) => item.id === openId);
  const grid = useRef<HTMLUListElement>(null);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId || focused.current === focusId || !items.some((item) => item.id === focusId)) return;
    focused.current = focusId;
    const tiles = grid.current?.querySelectorAll<HTMLElement>('button[data-swap-id]') ?? [];
    if (focusIsFree()) Array.from(tiles).find((tile) => tile.dataset.swapId === focusId)?.focus();
  }, [focusId, items]);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className={styles.gallery} aria-labelledby="gallery-title" aria-busy={!loaded} data-testid="gallery">
      <header className={styles.header}>
        <h2 id="gallery-title">{title ?? t('title')}</h2>
        {loaded && items.length > 0 && <p className={styles.count} data-testid="gallery-count">{countText(t, items)}</p>}
      </header>
      {loaded && items.length === 0 && (
        <div className={styles.empty} data-testid="gallery-empty">
          <Icon name="sparkles" size={36} />
          <h3>{t('empty.title')}</h3>
          <p>{t('empty.text')}</p>
        </div>
      )}
      {items.length > 0 && (
        // One list in DOM order, newest first; each tile is placed in its column (i mod n) and spans
        // the rows its measured height needs, so the columns pack as a masonry.
        <ul
          ref={grid}
          className={styles.grid}
          data-testid="gallery-grid"
          data-columns={columns}
          style={{ '--columns': columns } as CSSProperties}
          onPointerOver={preloadViewer}
          onFocus={preloadViewer}
        >
          {items.map((item, index) => (
            <li
              key={item.id}
              ref={measure}
              className={styles.tile}
              data-tile-id={item.id}
              style={{ gridColumn: columnOf(index, columns) + 1, gridRowEnd: `span ${rowSpan(heights[item.id])}` }}
            >
              <button type="button" className={styles.tileButton} onClick={() => setOpenId(item.id)} data-swap-id={item.id} data-index={index}>
                <img
                  src={item.thumb_url}
                  alt={item.video ? t('videoTile', { date: dates.format(item.createdAt), duration: formatDuration(item.video.duration) }) : t('tile', { date: dates.format(item.createdAt) })}
                  loading={index < 12 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {item.video ? (
                  // The poster says it is a clip: a play mark, and its length as m:ss.
                  <>
                    <span className={styles.play} aria-hidden="true">
                      <Icon name="play" size={22} />
                    </span>
                    <span className={styles.duration} aria-hidden="true" data-testid="tile-duration">
                      {formatDuration(item.video.duration)}
                    </span>
                  </>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {openIndex >= 0 && (
        <Suspense fallback={null}>
          <Viewer
            items={items}
            index={openIndex}
            onIndexChange={(index) => setOpenId(items[index]?.id ?? null)}
            onClose={() => setOpenId(null)}
            uid={uid}
            onDeleted={() => {
              setOpenId(null);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The window's width, following resizes (the column count depends on it). */
function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1440 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
