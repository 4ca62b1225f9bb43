// /app/proshoot and /app/prosoccer: the mode's heading, the target (a catalogue photo
// chosen in the modal, or a custom upload), the face photo, 'Swap Faces' with the job's real
// progress, then the mode's gallery. Joins the catalogue, swap, my-faces and gallery features.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry, CatalogueKind } from '@visage/contracts';
import { CatalogueModal, initialFilters, uploadProSwap, useCatalogue, valueLabel, type Filters, type ProTarget } from '../../features/catalogue';
import { Gallery } from '../../features/gallery';
import { loadUser } from '../../features/auth';
import { FaceChooser } from '../../features/my-faces';
import { ACCEPT_ATTRIBUTE, compressImage, faceSourceOf, ImagePicker, ImagePreview, QuotaNotice, SwapProgress, useImageSlot, useSwapJob } from '../../features/swap';
import { FaceChoiceFields } from '../../components/FaceChoiceFields';
import type { FaceChoice } from '../../lib/face-choice';
import type { FaceSource } from '../../lib/face-source';
import { useFaceChoice } from '../../lib/use-face-choice';
import { useDocumentTitle } from '../../lib/document-title';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import styles from './ProModePage.module.css';

export default function ProModePage({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('catalogue');
  const uid = useAppSelector((state) => state.auth.uid);
  const processing = useAppSelector((state) => state.ui.faceSwapProcessing);
  const swapsLeft = useAppSelector((state) => state.auth.swapsLeft);
  const dispatch = useAppDispatch();
  useDocumentTitle(t(`${kind}.pageTitle`));
  const catalogue = useCatalogue(kind);
  const [filters, setFilters] = useState<Filters>(() => initialFilters(kind));
  const [modalOpen, setModalOpen] = useState(false);
  const [model, setModel] = useState<CatalogueEntry | null>(null);
  const [custom, setCustom] = useState(false);
  const customSlot = useImageSlot();
  const source = useImageSlot();
  const [refreshSignal, setRefreshSignal] = useState(0);
  const [newSwap, setNewSwap] = useState<string | null>(null);
  // A finished swap is counted on the server: the swaps left are read again at once.
  const onDone = useCallback(
    (swapId: string) => {
      setRefreshSignal((n) => n + 1);
      setNewSwap(swapId);
      void dispatch(loadUser());
    },
    [dispatch],
  );
  const upload = useCallback((who: string, target: ProTarget, face: FaceSource, choice?: FaceChoice) => uploadProSwap(kind, who, target, face, choice), [kind]);
  const job = useSwapJob<ProTarget>({ uid, onDone, upload });
  const busy = job.phase !== 'idle' || processing;
  const target: ProTarget | null = useMemo(() => (custom ? customSlot.file : model ? { url: model.url } : null), [custom, customSlot.file, model]);
  const previewUrl = custom ? customSlot.previewUrl : model?.url ?? null;
  const face = faceSourceOf(source);
  // Faces are chosen on a photo of the person's own; a catalogue photo's face is its largest.
  const faces = useFaceChoice(custom ? customSlot.file : null, source.file);

  return (
    <div className={styles.page} data-testid={`promode-${kind}`}>
      <section className={`card ${styles.form}`} aria-labelledby="promode-title">
        <header className={styles.header}>
          <h1 id="promode-title">{t(`${kind}.heading`)}</h1>
          <p>{t(`${kind}.text`)}</p>
        </header>
        <div className={styles.pickers}>
          <div className={styles.target}>
            <ImagePreview busy={customSlot.compressing} emptyIcon={kind === 'prosoccer' ? 'ball' : 'briefcase'} emptyLabel={t(`${kind}.modelEmpty`)}>
              {previewUrl ? <img src={previewUrl} alt={custom ? t('form.customPreview') : t(`${kind}.modelPreview`)} data-testid="promode-target-preview" data-target={custom ? 'custom' : model?.id} /> : null}
            </ImagePreview>
            <button type="button" className="btn btn-secondary" onClick={() => setModalOpen(true)} disabled={busy} data-testid="promode-select">
              {t(`${kind}.select`)}
            </button>
            {model?.playerName && !custom && <p className={styles.caption}>{model.playerName} · {valueLabel(t, 'club', model.club ?? '')}</p>}
          </div>
          <ImagePicker slot={source} name="source" buttonLabel={t('form.uploadFace')} previewLabel={t('form.facePreview')} emptyLabel={t('form.faceEmpty')} disabled={busy}>
            <FaceChooser onChoose={source.chooseSaved} disabled={busy} />
          </ImagePicker>
        </div>
        <FaceChoiceFields state={faces} targetUrl={custom ? customSlot.previewUrl : null} sourceUrl={source.previewUrl} prepare={compressImage} disabled={busy} savedChooser={(p) => <FaceChooser {...p} />} />
        <div className={styles.action}>
          {busy ? (
            <SwapProgress phase={job.phase === 'idle' ? 'finishing' : job.phase} progress={job.phase === 'idle' ? 100 : job.progress} />
          ) : (
            <button type="button" className="btn btn-primary btn-lg" disabled={!target || !face || !faces.ready || swapsLeft === 0} onClick={() => job.start(target, face, faces.choice)} data-testid="promode-submit">
              {t('form.submit')}
            </button>
          )}
          {swapsLeft === 0 && !busy ? <QuotaNotice className={styles.problem} /> : null}
          {job.failure && !busy && <p className={styles.problem} role="alert">{job.failure}</p>}
        </div>
      </section>
      {uid ? <Gallery uid={uid} mode={kind} refreshSignal={refreshSignal} title={t(`${kind}.galleryTitle`)} focusId={newSwap} /> : null}
      {modalOpen && (
        <CatalogueModal
          kind={kind}
          entries={catalogue.entries}
          players={catalogue.players}
          loaded={catalogue.loaded}
          selectedId={custom ? null : model?.id ?? null}
          filters={filters}
          onFiltersChange={setFilters}
          accept={ACCEPT_ATTRIBUTE}
          onSelect={(entry) => {
            // Choosing a catalogue image or a custom upload clears the other: a swap has one target.
            setModel(entry);
            setCustom(false);
            setModalOpen(false);
          }}
          onCustom={(file) => {
            customSlot.choose(file);
            setCustom(true);
            setModel(null);
            setModalOpen(false);
          }}
          onClose={() => setModalOpen(false)}
        />
      )}
    </div>
  );
}
