// The swap browser below /app/bulk2: an infinite-scroll grid with a checkbox per result, the
// 'Select original face' filter (and its floating copy once scrolled past one screen height),
// and the bottom bar that tags the ticked results with a face. While a bulk runs it reads
// page 1 again every 10 s (and at each finished job) until the total grew by the bulk's size.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_POLL_MS, type SavedFace } from '@visage/contracts';
import { setFaceId, thumbOf } from '../api/bulk-api';
import { useSwapBrowser } from '../hooks/useSwapBrowser';
import { notify } from '../lib/files';
import styles from './bulk.module.css';

export interface BrowserWatch {
  /** A bulk is running: read page 1 every 10 s. */
  running: boolean;
  /** How many results the running bulk will add. */
  targets: number;
  /** Bumped at each finished job, to read page 1 at once. */
  signal: number;
}

interface Props {
  faces: SavedFace[];
  watch: BrowserWatch;
}

export function SwapBrowser({ faces, watch }: Props) {
  const { t } = useTranslation('bulk');
  const data = useSwapBrowser();
  const { refresh } = data;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tagFace, setTagFace] = useState('');
  const [floating, setFloating] = useState(false);

  useEffect(() => {
    const onScroll = () => setFloating(window.scrollY > window.innerHeight);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Polls while the bulk runs, until the total grew by its number of targets (then every result is in).
  const { running, targets, signal } = watch;
  useEffect(() => {
    if (!running) return;
    let baseline: number | null = null;
    void refresh().then((now) => (baseline = now));
    const timer = setInterval(() => {
      void refresh().then((now) => {
        if (baseline !== null && targets > 0 && now >= baseline + targets) clearInterval(timer);
      });
    }, ADMIN_POLL_MS);
    return () => clearInterval(timer);
  }, [running, targets, refresh]);
  useEffect(() => {
    if (signal > 0) void refresh();
  }, [signal, refresh]);

  const filterSelect = (testId: string) => (
    <label className={styles.filter}>
      <span>{t('browser.filter')}</span>
      <select value={data.filter} onChange={(event) => data.setFilter(event.target.value)} data-testid={testId}>
        <option value="">{t('browser.all')}</option>
        {faces.map((f) => (
          <option key={f.id} value={f.id}>
            {f.id}
          </option>
        ))}
      </select>
    </label>
  );

  const submit = () => {
    if (!tagFace || selected.size === 0) return;
    setFaceId([...selected], tagFace).then(
      () => {
        notify(t('browser.success'));
        setSelected(new Set());
        // Tags changed: a filtered list is read again from page 1.
        if (data.filter) data.reload();
      },
      (error: unknown) => {
        console.error(error);
        notify(t('browser.failure'), 'error');
      },
    );
  };

  return (
    <section className={styles.browser} data-testid="swap-browser">
      <div className={styles.browserHead}>
        <h2>{t('browser.title')}</h2>
        {filterSelect('browser-filter')}
        <span data-testid="browser-total">{t('browser.total', { count: data.total })}</span>
      </div>
      {floating && <div className={styles.floatingFilter} data-testid="browser-filter-floating">{filterSelect('browser-filter-floating-select')}</div>}
      <ul className={styles.grid}>
        {data.items.map((url) => (
          <li key={url} className={styles.tile}>
            <label>
              <input
                type="checkbox"
                checked={selected.has(url)}
                onChange={(event) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (event.target.checked) next.add(url);
                    else next.delete(url);
                    return next;
                  })
                }
                data-testid="browser-check"
              />
              <img src={thumbOf(url)} alt="" loading="lazy" data-url={url} />
            </label>
          </li>
        ))}
      </ul>
      {data.loading && <p role="status">{t('browser.loading')}</p>}
      {selected.size > 0 && (
        <div className={styles.bottomBar} data-testid="browser-bar">
          <span>{t('browser.selected', { count: selected.size })}</span>
          <select value={tagFace} onChange={(event) => setTagFace(event.target.value)} aria-label={t('browser.tagFace')} data-testid="browser-tag-face">
            <option value="">{t('browser.tagFace')}</option>
            {faces.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" disabled={!tagFace} onClick={submit}>
            {t('browser.submit')}
          </button>
        </div>
      )}
    </section>
  );
}
