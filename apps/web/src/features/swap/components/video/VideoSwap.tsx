// The swap form's video half, loaded once a clip is chosen as the target: the clip's checks, the
// people in it, Swap, then the progress with Cancel. The face (a photo or a saved face) comes
// from the form's own face picker.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIDEO_MAX_HEIGHT } from '@visage/contracts/constants';
import type { FaceSource } from '../../../../lib/face-source';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { setFaceSwapProcessing } from '../../../../store/ui-slice';
import { cancelVideo, uploadVideo, type VideoTarget } from '../../api/video';
import { useSwapJob } from '../../hooks/useSwapJob';
import { useVideoClip } from '../../hooks/useVideoClip';
import { willDownscale } from '../../lib/video-checks';
import { videoReasonKey } from '../../lib/video-reasons';
import { ClipNotice } from './ClipNotice';
import { PeopleCards } from './PeopleCards';
import { VideoProgress } from './VideoProgress';
import { addVideoTexts } from './video-texts';
import formStyles from '../SwapForm.module.css';
import styles from './VideoSwap.module.css';

export interface VideoSwapProps {
  uid: string;
  clip: File;
  /** The face chosen in the form: a photo, or a saved face; null until one is. */
  source: FaceSource | null;
  onDone?: (swapId: string) => void;
}

const upload = (uid: string, target: VideoTarget, source: FaceSource) => uploadVideo(uid, target, source);

export default function VideoSwap({ uid, clip, source, onDone }: VideoSwapProps) {
  const { t, i18n } = useTranslation('swap');
  addVideoTexts(i18n);
  const dispatch = useAppDispatch();
  const processing = useAppSelector((state) => state.ui.faceSwapProcessing);
  const { status, facts, problem, people, reloadStatus } = useVideoClip(clip);
  const [chosen, setChosen] = useState<{ clip: File; index: number } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<'cancelled' | 'cancelFailed' | null>(null);
  const job = useSwapJob<VideoTarget>({
    uid,
    upload,
    reasonKeyOf: videoReasonKey,
    successKey: 'video.ready',
    onDone: (swapId) => {
      reloadStatus();
      onDone?.(swapId);
    },
  });
  const busy = job.phase !== 'idle' || processing;

  const found = people?.state === 'ready' ? people.value.people : [];
  // The first person who can be swapped is chosen until the user picks another.
  const person = chosen?.clip === clip ? chosen.index : (found.find((p) => p.usable)?.index ?? null);
  const ready = Boolean(source) && person !== null && !problem;

  const cancel = () => {
    const id = job.swapId;
    if (!id) return;
    setCancelling(true);
    // Stop listening first: the swap's own "failed: cancelled" event is this click, not a failure.
    job.stop();
    cancelVideo(id).then(
      (answer) => {
        setCancelling(false);
        if (answer.status === 'done') onDone?.(id);
        else setNotice('cancelled');
        reloadStatus();
      },
      (error: unknown) => {
        console.error(error);
        setCancelling(false);
        setNotice('cancelFailed');
        // The swap goes on unfollowed: the gallery watches for its result, as after leaving the page.
        dispatch(setFaceSwapProcessing(true));
      },
    );
  };

  const left = status.state === 'ready' ? status.value.left : null;
  const planLink = job.failureCode === 'video_plan_required' || job.failureCode === 'video_quota_exceeded';

  return (
    <div className={styles.video} data-testid="video-swap">
      {status.state === 'loading' || facts === undefined ? (
        <p role="status" className={styles.hint}>
          {t('form.checkingClip')}
        </p>
      ) : null}
      {status.state === 'failed' ? (
        <p role="alert" className={formStyles.problem}>
          {t('video.statusFailed')}{' '}
          <button type="button" className="btn btn-secondary" onClick={reloadStatus}>
            {t('video.retry')}
          </button>
        </p>
      ) : null}
      {problem && !busy ? <ClipNotice problem={problem} clip={clip} facts={facts ?? null} className={formStyles.problem} /> : null}
      {!problem && willDownscale(facts ?? null, status.state === 'ready' ? status.value.maxHeight : VIDEO_MAX_HEIGHT) ? (
        <p className={styles.hint} data-testid="video-downscale">
          {t('video.downscale')}
        </p>
      ) : null}
      {people?.state === 'loading' ? (
        <p role="status" className={styles.hint}>
          {t('video.people.finding')}
        </p>
      ) : null}
      {people?.state === 'failed' ? (
        <p role="alert" className={formStyles.problem}>
          {t(videoReasonKey(people.code))}
        </p>
      ) : null}
      {people?.state === 'ready' && found.length === 0 ? (
        <p role="alert" className={formStyles.problem}>
          {t('video.people.none')}
        </p>
      ) : null}
      {found.length > 0 ? <PeopleCards people={found} chosen={person} onChoose={(index) => setChosen({ clip, index })} disabled={busy} /> : null}
      <div className={formStyles.action}>
        {busy ? (
          <VideoProgress
            phase={job.phase === 'idle' ? 'finishing' : job.phase}
            progress={job.phase === 'idle' ? 100 : job.progress}
            frames={job.frames}
            etaMs={job.etaMs}
            onCancel={job.swapId && job.phase !== 'finishing' && job.phase !== 'idle' ? cancel : undefined}
            cancelling={cancelling}
          />
        ) : (
          <button
            type="button"
            className={`btn btn-primary btn-lg ${formStyles.submit}`}
            disabled={!ready}
            onClick={() => {
              setNotice(null);
              if (person !== null) job.start({ file: clip, person }, source);
            }}
          >
            {t('video.submit')}
          </button>
        )}
        {!busy && !problem && left !== null ? <p className={styles.hint}>{t('video.left', { count: left })}</p> : null}
        {notice && !busy ? (
          <p role="status" className={styles.notice} data-testid="video-cancelled">
            {t(`video.${notice}`)}
          </p>
        ) : null}
        {job.failure && !busy ? (
          <p className={formStyles.problem} role="alert" data-testid="swap-failure">
            {t('alerts.failed')} {job.failure}
            {planLink ? (
              <>
                {' '}
                <Link to="/app/plans">{t('reasons.seePlans')}</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
