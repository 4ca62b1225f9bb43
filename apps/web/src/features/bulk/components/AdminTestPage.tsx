// /admin/swaps: the hidden test page (no menu entry). Behind the secret word, 'Let's Swap. (S)' with a
// target and a face (the face picker when either shows several faces), and the gallery of the operator's bulk and test results.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { fetchAdminSwaps, thumbOf, uploadAdminTest } from '../api/bulk-api';
import { useBulkRun } from '../hooks/useBulkRun';
import { useImageFiles } from '../hooks/useImageFiles';
import { asIs, notify, type PrepareImage } from '../lib/files';
import { BulkRunView } from './BulkRunView';
import { ImageChooser } from './ImageChooser';
import { PasscodeGate } from './PasscodeGate';
import { FaceChoiceFields } from '../../../components/FaceChoiceFields';
import { useFaceChoice } from '../../../lib/use-face-choice';
import styles from './bulk.module.css';

export function AdminTestPage({ prepare = asIs }: { prepare?: PrepareImage }) {
  const { t } = useTranslation('bulk');
  useDocumentTitle(t('nav.adminTest'));
  return (
    <PasscodeGate gate="admin-test">
      <AdminTest prepare={prepare} />
    </PasscodeGate>
  );
}

function AdminTest({ prepare }: { prepare: PrepareImage }) {
  const { t } = useTranslation('bulk');
  const target = useImageFiles(prepare, 1, 'alerts.tooLargeAdmin');
  const face = useImageFiles(prepare, 1, 'alerts.tooLargeAdmin');
  const [urls, setUrls] = useState<string[]>([]);
  const load = useCallback(() => {
    fetchAdminSwaps().then(setUrls, (error: unknown) => console.error('Failed to fetch swaps:', error));
  }, []);
  useEffect(load, [load]);
  const run = useBulkRun(load);
  const busy = run.phase === 'uploading' || run.phase === 'running';
  const faces = useFaceChoice(target.images[0]?.file ?? null, face.images[0]?.file ?? null);

  const submit = () => {
    const t1 = target.images[0]?.file;
    const s1 = face.images[0]?.file;
    if (!t1 || !s1) {
      notify(t('alerts.missing'), 'error');
      return;
    }
    run.start([target.images[0]!.name], async () => ({ swaps: [await uploadAdminTest(t1, s1, faces.choice)], faceId: null }));
  };

  return (
    <div className={styles.page}>
      <section className={`card ${styles.form}`} data-testid="admin-test-form">
        <h1>{t('admin.title')}</h1>
        <ImageChooser files={target} label={t('admin.uploadTarget')} disabled={busy} testId="admin-target" />
        <ImageChooser files={face} label={t('bulk.uploadFace')} disabled={busy} testId="admin-face" />
        <FaceChoiceFields state={faces} targetUrl={target.images[0]?.previewUrl ?? null} sourceUrl={face.images[0]?.previewUrl ?? null} prepare={prepare} disabled={busy} />
        <button type="button" className="btn btn-primary" disabled={busy || !target.ready || !face.ready || !faces.ready} onClick={submit}>
          {t('bulk.submit')}
        </button>
        <BulkRunView run={run} />
      </section>
      <section className={styles.browser} data-testid="admin-gallery">
        <h2>{t('admin.gallery')}</h2>
        <ul className={styles.adminGrid}>
          {urls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={thumbOf(url)} alt={t('admin.resultAlt', { n: i + 1 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
