// The catalogue modal of /app/proshoot and /app/prosoccer: filters that narrow the grid at
// once (AND) with the match count, an 'Upload Custom Image' tile, a close 'x' and 'Confirm'.
// Thumbnails are small WebP files loaded lazily, so 1,000 entries open at once.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry, CatalogueKind, SoccerPlayer } from '@visage/contracts';
import { Icon } from '../../../components/Icon';
import { hasAccess, useAccessLevel } from '../../../lib/access';
import { applyFilters, filterKeys, filterOptions, type Filters } from '../lib/filters';
import { valueLabel } from '../lib/labels';
import { FilterSelect } from './FilterSelect';
import styles from './CatalogueModal.module.css';

export interface CatalogueModalProps {
  kind: CatalogueKind;
  entries: readonly CatalogueEntry[];
  players: readonly SoccerPlayer[];
  loaded: boolean;
  selectedId: string | null;
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  onSelect: (entry: CatalogueEntry) => void;
  /** A custom target file chosen from the 'Upload Custom Image' tile. */
  onCustom: (file: File) => void;
  onClose: () => void;
  accept: string;
}

/** Tiles whose thumbnails load at once; the rest load as they scroll into view. */
const EAGER_TILES = 24;
/** Tiles rendered at first, and added each time the end of the grid scrolls into view. */
const PAGE_TILES = 120;

export function CatalogueModal(props: CatalogueModalProps) {
  const { kind, entries, players, loaded, selectedId, filters, onFiltersChange, onSelect, onCustom, onClose, accept } = props;
  const { t } = useTranslation('catalogue');
  // Only operators can fill the catalogue: the operator page is named to them alone.
  const operator = hasAccess(useAccessLevel(), 'operator');
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [showFilters, setShowFilters] = useState(true);
  const shown = useMemo(() => applyFilters(entries, filters), [entries, filters]);
  const [limit, setLimit] = useState(PAGE_TILES);
  const sentinel = useRef<HTMLLIElement>(null);
  const more = shown.length > limit;

  // The grid grows as its end comes into view, so 1,000 entries do not render 1,000 tiles at once.
  useEffect(() => {
    const end = sentinel.current;
    if (!more || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) setLimit((n) => n + PAGE_TILES);
    }, { rootMargin: '400px' });
    observer.observe(end);
    return () => observer.disconnect();
  }, [more, limit]);

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose} data-testid="catalogue-backdrop">
      <div
        ref={dialog}
        className={styles.modal}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        data-testid="catalogue-modal"
      >
        <header className={styles.header}>
          <h2 id={titleId}>{t(`modal.title.${kind}`)}</h2>
          <button type="button" className="btn btn-secondary" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters} data-testid="catalogue-toggle-filters">
            {showFilters ? t('modal.hideFilters') : t('modal.showFilters')}
          </button>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('modal.close')} data-testid="catalogue-close">
            x
          </button>
        </header>
        {showFilters && (
          <div className={styles.filters} data-testid="catalogue-filters">
            {filterKeys(kind).map((key) => (
              <FilterSelect
                key={key}
                name={key}
                idPrefix="catalogue-filter"
                value={filters[key] ?? ''}
                options={filterOptions(key, players)}
                emptyLabel={t('modal.all')}
                onChange={(value) => {
                  setLimit(PAGE_TILES);
                  onFiltersChange({ ...filters, [key]: value });
                }}
              />
            ))}
          </div>
        )}
        <p className={styles.count} aria-live="polite" data-testid="catalogue-count">
          {!loaded ? t('modal.loading') : shown.length === 0 && entries.length > 0 ? t('modal.noMatch') : t('modal.matches', { count: shown.length })}
        </p>
        {loaded && entries.length === 0 && kind === 'prosoccer' && <p className={styles.empty} data-testid="catalogue-empty">{t(operator ? 'prosoccer.empty' : 'prosoccer.emptyForUsers')}</p>}
        <ul className={styles.grid} data-testid="catalogue-grid">
          <li>
            <button type="button" className={`${styles.tile} ${styles.custom}`} onClick={() => fileInput.current?.click()} data-testid="catalogue-custom">
              <Icon name="upload" size={28} />
              <span>{t('modal.uploadCustom')}</span>
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={accept}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="catalogue-custom-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onCustom(file);
              }}
            />
          </li>
          {(typeof IntersectionObserver === 'undefined' ? shown : shown.slice(0, limit)).map((entry, index) => (
            <li key={entry.id}>
              <button
                type="button"
                className={`${styles.tile} ${entry.id === selectedId ? styles.selected : ''}`}
                aria-pressed={entry.id === selectedId}
                onClick={() => onSelect(entry)}
                data-testid="catalogue-entry"
                data-entry-id={entry.id}
              >
                <img
                  src={entry.thumbUrl}
                  alt={entry.playerName ? t('modal.playerTile', { name: entry.playerName, club: valueLabel(t, 'club', entry.club ?? '') }) : t('modal.tile', { n: index + 1 })}
                  loading={index < EAGER_TILES ? 'eager' : 'lazy'}
                  decoding="async"
                  width={160}
                  height={160}
                />
                {entry.playerName && <span className={styles.caption}>{entry.playerName}</span>}
              </button>
            </li>
          ))}
          {more && typeof IntersectionObserver !== 'undefined' && <li ref={sentinel} className={styles.sentinel} aria-hidden="true" />}
        </ul>
        <footer className={styles.footer}>
          <button type="button" className="btn btn-primary" onClick={onClose} data-testid="catalogue-confirm">
            {t('modal.confirm')}
          </button>
        </footer>
      </div>
    </div>
  );
}
