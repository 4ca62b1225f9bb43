// The dashboard's swap form: two pickers with previews, the face picker when a photo shows
// several faces, then Swap Faces, replaced by the progress while a swap runs.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { faceSourceOf, useImageSlot } from '../hooks/useImageSlot';
import type { SavedFaceChoice } from '../../../lib/face-source';
import { useFaceChoice } from '../../../lib/use-face-choice';
import { FaceChoiceFields } from '../../../components/FaceChoiceFields';
import { compressImage } from '../lib/compress-image';
import { useSwapJob } from '../hooks/useSwapJob';
import { ImagePicker } from './ImagePicker';
import { QuotaNotice } from './QuotaNotice';
import { ResendLinkButton } from './ResendLinkButton';
import { SwapProgress } from './SwapProgress';
import styles from './SwapForm.module.css';

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
  const job = useSwapJob({ uid, onDone: onSwapDone });
  const faces = useFaceChoice(target.file, source.file);
  const busy = job.phase !== 'idle' || processing;
  const face = faceSourceOf(source);
  const ready = Boolean(target.file && face) && faces.ready;
  const outOfSwaps = swapsLeft === 0;

  return (
    <section className={`card ${styles.form}`} aria-labelledby="swap-form-title" data-testid="swap-form">
      <header className={styles.formHeader}>
        <h2 id="swap-form-title">{t('form.title')}</h2>
        <p>{t('form.text')}</p>
      </header>
      <div className={styles.pickers}>
        <ImagePicker
          slot={target}
          name="target"
          buttonLabel={t('form.uploadTarget')}
          previewLabel={t('form.targetPreview')}
          emptyLabel={t('form.targetEmpty')}
          disabled={busy}
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
      <footer className={styles.formFooter}>{t('form.footer')}</footer>
    </section>
  );
}
