// A video swap under way: the bar with the frame it is at and the time left, and Cancel. The bar
// takes the focus the removed Swap button had.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FOCUS_HANDOFF_ATTR, focusIsFree } from '../../../../lib/focus-handoff';
import { videoProgressText, type VideoProgressFacts } from '../../lib/video-progress';
import styles from '../SwapProgress.module.css';
import own from './VideoSwap.module.css';

interface VideoProgressProps extends VideoProgressFacts {
  progress: number;
  /** Absent until the upload has answered (nothing to cancel yet) and once the result exists. */
  onCancel?: () => void;
  cancelling: boolean;
}

export function VideoProgress({ progress, onCancel, cancelling, ...facts }: VideoProgressProps) {
  const { t } = useTranslation('swap');
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIsFree()) bar.current?.focus();
  }, []);
  const percent = Math.round(progress);
  const label = videoProgressText(t, facts);
  return (
    <div className={own.progressRow}>
      <div className={styles.progress} data-testid="video-progress">
        <span className={styles.spinner} aria-hidden="true" />
        <div className={styles.progressBody}>
          <div
            ref={bar}
            tabIndex={-1}
            {...{ [FOCUS_HANDOFF_ATTR]: '' }}
            className={styles.progressTrack}
            role="progressbar"
            aria-label={t('video.progress.label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={label}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.progressLabel} aria-live="polite" data-testid="video-progress-text">
            {label}
          </p>
        </div>
      </div>
      {onCancel ? (
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={cancelling} data-testid="video-cancel">
          {cancelling ? t('video.cancelling') : t('video.cancel')}
        </button>
      ) : null}
    </div>
  );
}
