// /app/bulk2: behind the passcode, the bulk swap with a saved face ('Select a Face'
// opens the face library), then the swap browser, refreshed while the bulk runs.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { MAX_BULK_TARGETS, type SavedFace } from '@visage/contracts';
import { uploadBulkWithFace } from '../api/bulk-api';
import { useBulkRun } from '../hooks/useBulkRun';
import { useFaces } from '../hooks/useFaces';
import { useImageFiles } from '../hooks/useImageFiles';
import { asIs, notify, type PrepareImage } from '../lib/files';
import { BulkRunView } from './BulkRunView';
import { FaceLibraryModal } from './FaceLibraryModal';
import { ImageChooser } from './ImageChooser';
import { PasscodeGate } from './PasscodeGate';
import { SwapBrowser, type BrowserWatch } from './SwapBrowser';
import styles from './bulk.module.css';

export function Bulk2Page({ prepare = asIs }: { prepare?: PrepareImage }) {
  const { t } = useTranslation('bulk');
  useDocumentTitle(t('nav.bulk2'));
  return (
    <PasscodeGate gate="bulk">
      <Bulk2 prepare={prepare} />
    </PasscodeGate>
  );
}

function Bulk2({ prepare }: { prepare: PrepareImage }) {
  const { t } = useTranslation('bulk');
  const { uid, faces, reload } = useFaces();
  const [face, setFace] = useState<SavedFace | null>(null);
  const [modal, setModal] = useState(false);
  const targets = useImageFiles(prepare, MAX_BULK_TARGETS, 'alerts.tooLarge');
  const run = useBulkRun();
  const busy = run.phase === 'uploading' || run.phase === 'running';
  // The browser follows the run: polled while it runs, read again at each result and at the end.
  const watch: BrowserWatch = {
    running: busy,
    targets: run.items.length,
    signal: run.items.filter((i) => i.status === 'done').length + (run.phase === 'finished' ? 1 : 0),
  };

  const submit = () => {
    const files = targets.images.map((i) => i.file).filter((f): f is File => !!f);
    if (files.length === 0 || !face) {
      notify(t('alerts.missing'), 'error');
      return;
    }
    run.start(targets.images.map((i) => i.name), () => uploadBulkWithFace(files, face));
  };

  if (!uid) return null;
  return (
    <div className={styles.page}>
      <section className={`card ${styles.form}`} data-testid="bulk2-form">
        <h1>{t('bulk.title')}</h1>
        <div className={styles.selectedFace}>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setModal(true)}>
            {t('bulk2.select')}
          </button>
          {face && (
            <figure data-testid="bulk2-face">
              <img src={face.url} alt={face.id} />
              <figcaption>{face.id}</figcaption>
            </figure>
          )}
        </div>
        <ImageChooser files={targets} multiple label={t('bulk.uploadTargets', { max: MAX_BULK_TARGETS })} disabled={busy} testId="bulk-targets" />
        <button type="button" className="btn btn-primary" disabled={busy || !targets.ready || !face} onClick={submit}>
          {t('bulk.submit')}
        </button>
        <BulkRunView run={run} />
      </section>
      {modal && (
        <FaceLibraryModal
          uid={uid}
          faces={faces}
          reload={reload}
          prepare={prepare}
          onPick={(picked) => {
            setFace(picked);
            setModal(false);
          }}
          onClose={() => setModal(false)}
        />
      )}
      <SwapBrowser faces={faces} watch={watch} />
    </div>
  );
}
