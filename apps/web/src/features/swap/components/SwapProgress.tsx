// Spinner and progress bar shown in place of the Swap Faces button while a swap runs. It takes
// the focus the removed button had, and hands it on to the new result (the gallery).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FOCUS_HANDOFF_ATTR, focusIsFree } from '../../../lib/focus-handoff';
import type { SwapPhase } from '../hooks/useSwapJob';
import styles from './SwapProgress.module.css';

export function SwapProgress({ phase, progress }: { phase: SwapPhase; progress: number }) {
  const { t } = useTranslation('swap');
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIsFree()) bar.current?.focus();
  }, []);
  const percent = Math.round(progress);
  const label =
    phase === 'uploading' ? t('progress.starting') : phase === 'queued' ? t('progress.queued') : phase === 'finishing' ? t('progress.finishing') : t('progress.running', { percent });

  return (
    <div className={styles.progress} data-testid="swap-progress">
      <span className={styles.spinner} aria-hidden="true" />
      <div className={styles.progressBody}>
        <div
          ref={bar}
          tabIndex={-1}
          {...{ [FOCUS_HANDOFF_ATTR]: '' }}
          className={styles.progressTrack}
          role="progressbar"
          aria-label={t('progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={label}
        >
          <div className={styles.progressFill} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.progressLabel} aria-live="polite">
          {label}
        </p>
      </div>
    </div>
  );
}
