// Full-size viewer over the page: previous/next areas that wrap, arrow keys, swipe, close
// button and Escape, a link that opens the image in its own browser tab, and what the engine
// noticed about the face photo (seen side-on, mouth covered) under the image; and the result's
// actions (ViewerActions: download, compare with the target photo, delete). A video result
// plays in VideoStage instead of the image.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { SwapItem } from '@visage/contracts';
import { Icon } from '../../../components/Icon';
import { resultNote } from '../lib/result-note';
import { nextIndex, previousIndex } from '../lib/viewer-index';
import { useSwipe } from '../hooks/useSwipe';
import { CompareSlider } from './CompareSlider';
import { ViewerActions } from './ViewerActions';
import styles from './Viewer.module.css';

// The player is its own chunk, loaded when a video result is shown: images never load it.
const VideoStage = lazy(() => import('./VideoStage').then((m) => ({ default: m.VideoStage })));

interface ViewerProps {
  items: SwapItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The owner's uid; with onDeleted, the delete action shows. */
  uid?: string;
  onDeleted?: (id: string) => void;
}

export function Viewer({ items, index, onIndexChange, onClose, uid, onDeleted }: ViewerProps) {
  const { t } = useTranslation('gallery');
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const item = items[index];
  const count = items.length;
  const next = () => onIndexChange(nextIndex(index, count));
  const previous = () => onIndexChange(previousIndex(index, count));
  const swipe = useSwipe(next, previous);
  const [comparing, setComparing] = useState(false);
  const actions = useRef({ next, previous, onClose });
  useEffect(() => {
    actions.current = { next, previous, onClose };
  });

  // Keys work wherever focus is while the viewer is open (a click on the image leaves focus on the body).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The compare slider and a video's controls take the arrow keys while they have focus.
      const ownsArrows = (event.target instanceof HTMLInputElement && event.target.type === 'range') || event.target instanceof HTMLVideoElement;
      if (ownsArrows && event.key.startsWith('Arrow')) return;
      if (event.key === 'ArrowRight') actions.current.next();
      else if (event.key === 'ArrowLeft') actions.current.previous();
      else if (event.key === 'Escape') actions.current.onClose();
      else if (event.key === 'Tab') keepFocusInside(event, dialog.current);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Focus moves into the dialog on open and back to where it was on close; the page behind does not scroll.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, []);

  // The neighbours load in the background so that moving to them shows at once.
  const nextUrl = items[nextIndex(index, count)]?.image_url;
  const previousUrl = items[previousIndex(index, count)]?.image_url;
  useEffect(() => {
    for (const url of [nextUrl, previousUrl]) if (url) new Image().src = url;
  }, [nextUrl, previousUrl]);

  if (!item) return null;
  const position = t('viewer.position', { index: index + 1, total: count });
  const { note, others } = resultNote(item.warnings ?? []);

  return createPortal(
    <div
      ref={dialog}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={t('viewer.label')}
      data-testid="gallery-viewer"
      tabIndex={-1}
      {...swipe}
    >
      <div className={styles.bar}>
        <span className={styles.position} aria-live="polite" data-testid="gallery-viewer-position">
          {position}
        </span>
        <a className={styles.open} href={item.video?.url ?? item.image_url} target="_blank" rel="noopener">
          <Icon name="external" size={18} />
          <span className="narrow-visually-hidden">{t('viewer.open')}</span>
        </a>
        {uid && onDeleted && <ViewerActions key={item.id} uid={uid} item={item} comparing={comparing && !!item.original_url} onCompare={setComparing} onDeleted={onDeleted} />}
        <button ref={closeButton} type="button" className={styles.close} aria-label={t('viewer.close')} onClick={onClose}>
          <Icon name="close" size={24} />
        </button>
      </div>
      <div className={styles.stage}>
        {item.video ? (
          <Suspense fallback={<img src={item.image_url} alt="" />}>
            <VideoStage key={item.id} item={{ ...item, video: item.video }} index={index} total={count} />
          </Suspense>
        ) : comparing && item.original_url ? (
          <CompareSlider key={item.id} before={item.original_url} after={item.image_url} alt={t('viewer.alt', { index: index + 1, total: count })} />
        ) : (
          <img key={item.id} src={item.image_url} alt={t('viewer.alt', { index: index + 1, total: count })} data-testid="gallery-viewer-image" data-swap-id={item.id} />
        )}
        {count > 1 && (
          <>
            <button type="button" className={`${styles.nav} ${styles.previous}`} aria-label={t('viewer.previous')} onClick={previous}>
              <Icon name="chevron-left" size={32} />
            </button>
            <button type="button" className={`${styles.nav} ${styles.next}`} aria-label={t('viewer.next')} onClick={next}>
              <Icon name="chevron-left" size={32} className={styles.flip} />
            </button>
          </>
        )}
      </div>
      {note && (
        <p className={styles.warning} role="note">
          {t(`viewer.warning.${note.cause}`)} {t(`viewer.advice.${note.advice}`)}
        </p>
      )}
      {others.map((warning) => (
        <p key={warning} className={styles.warning} role="note">
          {t(`viewer.warning.${warning}`)}
        </p>
      ))}
    </div>,
    document.body,
  );
}

function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = Array.from(container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, video[controls]'));
  if (focusable.length === 0) return;
  const current = focusable.indexOf(document.activeElement as HTMLElement);
  const step = event.shiftKey ? -1 : 1;
  focusable[(current + step + focusable.length) % focusable.length]?.focus();
}
