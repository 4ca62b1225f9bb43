// The user's gallery under the swap form: masonry of thumbnails, newest first, with the
// full-size viewer on click and an empty state for a new user.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { useGallery } from '../hooks/useGallery';
import { Viewer } from './Viewer';
import styles from './Gallery.module.css';

export interface GalleryProps {
  uid: string;
  /** Changes when a swap has just finished: the gallery refetches at once. */
  refreshSignal?: number;
}

export function Gallery({ uid, refreshSignal }: GalleryProps) {
  const { t, i18n } = useTranslation('gallery');
  const { items, loaded, refresh } = useGallery(uid, refreshSignal);
  // The viewer follows an image, not a position: a result arriving meanwhile does not move it.
  const [openId, setOpenId] = useState<string | null>(null);
  const openIndex = openId === null ? -1 : items.findIndex((item) => item.id === openId);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className={styles.gallery} aria-labelledby="gallery-title" aria-busy={!loaded} data-testid="gallery">
      <header className={styles.header}>
        <h2 id="gallery-title">{t('title')}</h2>
        {loaded && items.length > 0 && <p className={styles.count}>{t('count', { count: items.length })}</p>}
      </header>
      {loaded && items.length === 0 && (
        <div className={styles.empty} data-testid="gallery-empty">
          <Icon name="sparkles" size={36} />
          <h3>{t('empty.title')}</h3>
          <p>{t('empty.text')}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className={styles.grid} data-testid="gallery-grid">
          {items.map((item, index) => (
            <li key={item.id} className={styles.tile}>
              <button type="button" className={styles.tileButton} onClick={() => setOpenId(item.id)} data-swap-id={item.id}>
                <img
                  src={item.thumb_url}
                  alt={t('tile', { date: dates.format(item.createdAt) })}
                  loading={index < 12 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {openIndex >= 0 && (
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
      )}
    </section>
  );
}
