// The spinner, bar and words a running swap shows (a photo's or a video's). It takes the focus
// the removed Swap button had, so the focus is handed on to the new result, not lost.
import { useEffect, useRef } from 'react';
import { FOCUS_HANDOFF_ATTR, focusIsFree } from '../../../lib/focus-handoff';
import styles from './SwapProgress.module.css';

interface ProgressBarProps {
  /** 0..100 */
  percent: number;
  /** The bar's accessible name. */
  name: string;
  /** What it is at, in words: the bar's value text and the line under it. */
  label: string;
  testId: string;
  labelTestId?: string;
}

export function ProgressBar({ percent, name, label, testId, labelTestId }: ProgressBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIsFree()) bar.current?.focus();
  }, []);
  return (
    <div className={styles.progress} data-testid={testId}>
      <span className={styles.spinner} aria-hidden="true" />
      <div className={styles.progressBody}>
        <div
          ref={bar}
          tabIndex={-1}
          {...{ [FOCUS_HANDOFF_ATTR]: '' }}
          className={styles.progressTrack}
          role="progressbar"
          aria-label={name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={label}
        >
          <div className={styles.progressFill} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.progressLabel} aria-live="polite" data-testid={labelTestId}>
          {label}
        </p>
      </div>
    </div>
  );
}
