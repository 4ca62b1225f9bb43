// A video swap under way: the bar with the frame it is at and the time left, and Cancel.
import { useTranslation } from 'react-i18next';
import { videoProgressText, type VideoProgressFacts } from '../../lib/video-progress';
import { ProgressBar } from '../ProgressBar';
import own from './VideoSwap.module.css';

interface VideoProgressProps extends VideoProgressFacts {
  progress: number;
  /** Absent until the upload has answered (nothing to cancel yet) and once the result exists. */
  onCancel?: () => void;
  cancelling: boolean;
}

export function VideoProgress({ progress, onCancel, cancelling, ...facts }: VideoProgressProps) {
  const { t } = useTranslation('swap');
  return (
    <div className={own.progressRow}>
      <ProgressBar
        percent={Math.round(progress)}
        name={t('video.progress.label')}
        label={videoProgressText(t, facts)}
        testId="video-progress"
        labelTestId="video-progress-text"
      />
      {onCancel ? (
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={cancelling} data-testid="video-cancel">
          {cancelling ? t('video.cancelling') : t('video.cancel')}
        </button>
      ) : null}
    </div>
  );
}
