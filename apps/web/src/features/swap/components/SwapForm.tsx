// The dashboard's swap form: two pickers with previews, the face picker when a photo shows
// several faces, then Swap Faces, replaced by the progress while a swap runs. A clip chosen as
// the target switches the form to a video swap, whose parts load only then.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { faceSourceOf, useImageSlot } from '../hooks/useImageSlot';
import type { SavedFaceChoice } from '../../../lib/face-source';
import { useFaceChoice } from '../../../lib/use-face-choice';
import { FaceChoiceFields } from '../../../components/FaceChoiceFields';
import { compressImage } from '../lib/compress-image';
import { useSwapJob } from '../hooks/useSwapJob';
import { isVideoFile, TARGET_ACCEPT } from '../lib/video-files';
import { ImagePicker } from './ImagePicker';
import { QuotaNotice } from './QuotaNotice';
import { ResendLinkButton } from './ResendLinkButton';
import { SwapProgress } from './SwapProgress';
import styles from './SwapForm.module.css';

const VideoSwap = lazy(() => import('./video/VideoSwap'));

export interface SwapFormProps {
  uid: string;
  /** The result exists: the gallery should refresh now rather than at its next poll. */
  onSwapDone?: (swapId: string) => void;
  /** Swaps left this period (null: no limit or not known): at 0 the button is off and says why. */
  swapsLeft?: number | null;
  /** Offers the user's saved faces beside the face photo's upload (composed in app/). */
  faceChooser?: FaceChooserSlot;
}

/** Renders a chooser of saved faces that calls `onChoose` with the one picked. */
export type FaceChooserSlot = (props: { onChoose: (face: SavedFaceChoice) => void; disabled: boolean }) => ReactNode;

export function SwapForm({ uid, onSwapDone, swapsLeft = null, faceChooser }: SwapFormProps) {
  const { t } = useTranslation('swap');
  const processing = useAppSelector((state) => state.ui.faceSwapProcessing);
  const target = useImageSlot();
  const source = useImageSlot();
  const clip = useClip();
  // While a clip is chosen its own half follows the swap; without a uid this one stays idle and
  // does not also watch for a swap left running.
  const job = useSwapJob({ uid: clip.file ? '' : uid, onDone: onSwapDone });
  const faces = useFaceChoice(clip.file ? null : target.file, source.file);
  const busy = job.phase !== 'idle' || processing;
  const face = faceSourceOf(source);
  const ready = Boolean(target.file && face) && faces.ready;
  const outOfSwaps = swapsLeft === 0;
  const chooseTarget = (file: File | undefined) => {
    if (file && isVideoFile(file)) clip.choose(file);
    else {
      clip.choose(null);
      target.choose(file);
    }
  };
  // While a clip is chosen, the target's photo (if any) is set aside, not shown.
  const targetSlot = clip.file ? { ...target, file: null, previewUrl: null, problem: null, compressing: false, choose: chooseTarget } : { ...target, choose: chooseTarget };

  return (
    <section className={`card ${styles.form}`} aria-labelledby="swap-form-title" data-testid="swap-form">
      <header className={styles.formHeader}>
        <h2 id="swap-form-title">{t('form.title')}</h2>
        <p>{t('form.text')}</p>
      </header>
      <div className={styles.pickers}>
        <ImagePicker
          slot={targetSlot}
          name="target"
          buttonLabel={t('form.uploadTarget')}
          previewLabel={t('form.targetPreview')}
          emptyLabel={t('form.targetEmpty')}
          disabled={busy}
          accept={TARGET_ACCEPT}
          preview={clip.url ? <video src={clip.url} muted playsInline preload="metadata" aria-label={t('form.targetVideoPreview')} data-testid="swap-preview-target-video" /> : undefined}
        />
        <ImagePicker
          slot={source}
          name="source"
          buttonLabel={t('form.uploadFace')}
          previewLabel={t('form.facePreview')}
          emptyLabel={t('form.faceEmpty')}
          disabled={busy}
        >
          {faceChooser?.({ onChoose: source.chooseSaved, disabled: busy })}
        </ImagePicker>
      </div>
      {clip.file ? (
        <Suspense fallback={<p role="status">{t('form.checkingClip')}</p>}>
          <VideoSwap key={clip.key} uid={uid} clip={clip.file} source={face} onDone={onSwapDone} />
        </Suspense>
      ) : (
        <>
          <FaceChoiceFields state={faces} targetUrl={target.previewUrl} sourceUrl={source.previewUrl} prepare={compressImage} disabled={busy} savedChooser={faceChooser} />
          <div className={styles.action}>
            {busy ? (
              <SwapProgress phase={job.phase === 'idle' ? 'finishing' : job.phase} progress={job.phase === 'idle' ? 100 : job.progress} />
            ) : (
              <button type="button" className={`btn btn-primary btn-lg ${styles.submit}`} disabled={!ready || outOfSwaps} onClick={() => job.start(target.file, face, faces.choice)}>
                {t('form.submit')}
              </button>
            )}
            {outOfSwaps && !busy ? <QuotaNotice className={styles.problem} /> : null}
            {job.failure && !busy && !(outOfSwaps && job.failureCode === 'quota_exceeded') && (
              <p className={styles.problem} role="alert" data-testid="swap-failure">
                {t('alerts.failed')} {job.failure}
                {job.failureCode === 'quota_exceeded' ? (
                  <>
                    {' '}
                    <Link to="/app/plans" data-testid="quota-plans-link">
                      {t('reasons.seePlans')}
                    </Link>
                  </>
                ) : null}
                {job.failureCode === 'email_unconfirmed' ? <ResendLinkButton /> : null}
              </p>
            )}
          </div>
        </>
      )}
      <footer className={styles.formFooter}>
        {t('form.footer')} {t('form.footerVideo')}
      </footer>
    </section>
  );
}

/** The clip chosen as the target, with its preview URL (revoked when replaced) and a key per choice. */
function useClip() {
  const [clip, setClip] = useState<{ file: File; url: string; key: number } | null>(null);
  const chosen = useRef(0);
  useEffect(() => () => {
    if (clip) URL.revokeObjectURL(clip.url);
  }, [clip]);
  const choose = useCallback((file: File | null) => {
    setClip(file ? { file, url: URL.createObjectURL(file), key: ++chosen.current } : null);
  }, []);
  return { file: clip?.file ?? null, url: clip?.url ?? null, key: clip?.key ?? 0, choose };
}
