// /app/bulk: behind the passcode, 'Let's Swap. (69 B)': up to 15 target photos, one
// face photo, 'Swap Faces'; then the batch's progress and results.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { MAX_BULK_TARGETS } from '@visage/contracts';
import { uploadBulk } from '../api/bulk-api';
import { useBulkRun } from '../hooks/useBulkRun';
import { useImageFiles } from '../hooks/useImageFiles';
import { asIs, notify, type PrepareImage } from '../lib/files';
import { BulkRunView } from './BulkRunView';
import { ImageChooser } from './ImageChooser';
import { PasscodeGate } from './PasscodeGate';
import styles from './bulk.module.css';

export function BulkPage({ prepare = asIs }: { prepare?: PrepareImage }) {
  const { t } = useTranslation('bulk');
  useDocumentTitle(t('nav.bulk'));
  return (
    <PasscodeGate gate="bulk">
      <BulkSwap prepare={prepare} />
    </PasscodeGate>
  );
}

function BulkSwap({ prepare }: { prepare: PrepareImage }) {
  const { t } = useTranslation('bulk');
  const targets = useImageFiles(prepare, MAX_BULK_TARGETS, 'alerts.tooLarge');
  const face = useImageFiles(prepare, 1, 'alerts.tooLarge');
  const run = useBulkRun();
  const busy = run.phase === 'uploading' || run.phase === 'running';

  const submit = () => {
    const files = targets.images.map((i) => i.file).filter((f): f is File => !!f);
    const source = face.images[0]?.file;
    if (files.length === 0 || !source) {
      notify(t('alerts.missing'), 'error');
      return;
    }
    run.start(targets.images.map((i) => i.name), () => uploadBulk(files, source));
  };

  return (
    <div className={styles.page}>
      <section className={`card ${styles.form}`} data-testid="bulk-form">
        <h1>{t('bulk.title')}</h1>
        <ImageChooser files={targets} multiple label={t('bulk.uploadTargets', { max: MAX_BULK_TARGETS })} disabled={busy} testId="bulk-targets" />
        <ImageChooser files={face} label={t('bulk.uploadFace')} disabled={busy} testId="bulk-face" />
        <button type="button" className="btn btn-primary" disabled={busy || !targets.ready || !face.ready} onClick={submit}>
          {t('bulk.submit')}
        </button>
        <BulkRunView run={run} />
      </section>
    </div>
  );
}
