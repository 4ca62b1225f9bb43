// Before and after: the target photo (while it is still kept) over the result, cut at the
// slider's position. The range input gives keyboard and screen-reader control for free.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Viewer.module.css';

export function CompareSlider({ before, after, alt }: { before: string; after: string; alt: string }) {
  const { t } = useTranslation('gallery');
  const [split, setSplit] = useState(50);
  return (
    <div className={styles.compare} data-testid="compare">
      <img src={after} alt={alt} draggable={false} />
      <img src={before} alt={t('viewer.compare.before')} className={styles.before} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} draggable={false} data-testid="compare-before" />
      <span className={styles.divider} style={{ left: `${split}%` }} aria-hidden="true" />
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(e) => setSplit(Number(e.target.value))}
        className={styles.slider}
        aria-label={t('viewer.compare.slider')}
        data-testid="compare-slider"
      />
    </div>
  );
}
