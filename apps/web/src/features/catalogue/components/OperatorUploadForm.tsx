// The operator upload form of /admin/proshoot and /admin/prosoccer: several photos, each
// previewed with a remove 'X', the metadata selects pre-filled from the first photo, and
// 'Upload Images' with the catalogue namespace's messages; each refused photo says why.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, type CatalogueKind, type CatalogueUploadResult, type SoccerPlayer } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { suggestAttributes, uploadCatalogueImages } from '../api/catalogue-api';
import { emptyMetadata, metadataKeys, metadataOptions, withField, withSuggestion, type Metadata } from '../lib/operator-form';
import { FilterSelect } from './FilterSelect';
import styles from './Operator.module.css';

interface Photo { key: number; file: File; url: string }

function alertUser(message: string): void {
  console.info(message);
  window.alert(message);
}

export function OperatorUploadForm({ kind, players, onUploaded }: { kind: CatalogueKind; players: readonly SoccerPlayer[]; onUploaded: () => void }) {
  const { t } = useTranslation('catalogue');
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [meta, setMeta] = useState<Metadata>(() => emptyMetadata(kind));
  const [busy, setBusy] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [results, setResults] = useState<CatalogueUploadResult['results']>([]);

  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.url)), [photos]);

  // The first photo's suggestions pre-fill the form (editable).
  const suggestFrom = (file: File) => {
    setSuggestion(t('admin.suggesting'));
    suggestAttributes(kind, file).then(
      (s) => {
        if (s.problem) setSuggestion(t('admin.suggestFailed', { reason: t(`reasons.${s.problem}`) }));
        else {
          setMeta((m) => withSuggestion(m, s));
          setSuggestion(t('admin.suggested'));
        }
      },
      (error: unknown) => {
        setSuggestion(null);
        console.error(error);
      },
    );
  };

  const add = (files: FileList | null) => {
    const accepted: Photo[] = [];
    for (const file of Array.from(files ?? [])) {
      // The bad file is skipped and the rest continue: one bad file never loses the others.
      if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) alertUser(t('admin.invalidType'));
      else if (file.size > MAX_UPLOAD_BYTES) alertUser(t('admin.tooLarge'));
      else accepted.push({ key: nextKey.current++, file, url: URL.createObjectURL(file) });
    }
    if (photos.length === 0 && accepted[0]) suggestFrom(accepted[0].file);
    setPhotos((list) => [...list, ...accepted]);
  };

  const upload = async () => {
    if (photos.length === 0) {
      alertUser(t('admin.noImages'));
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadCatalogueImages(kind, photos.map((p) => p.file), meta);
      setResults(answer.results);
      const added = answer.results.filter((r) => r.status === 'added').length;
      alertUser(added > 0 ? t('admin.success') : t('admin.failure'));
      if (added > 0) {
        // A fresh form for the next photos: their attributes are not these.
        setPhotos([]);
        setMeta(emptyMetadata(kind));
        setSuggestion(null);
        onUploaded();
      }
    } catch (error) {
      console.error(error);
      setResults([]);
      alertUser(isApiError(error) && error.code === 'file_too_large' ? t('admin.tooLarge') : t('admin.failure'));
    } finally {
      setBusy(false);
    }
  };

  const keys = useMemo(() => metadataKeys(kind), [kind]);
  return (
    <section className={`card ${styles.form}`} data-testid="operator-form">
      <input ref={input} type="file" multiple accept="image/jpeg,image/png" className="visually-hidden" tabIndex={-1} aria-hidden="true" data-testid="operator-input"
        onChange={(event) => { add(event.target.files); event.target.value = ''; }} />
      <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()} disabled={busy}>
        {t('admin.choose')}
      </button>
      {photos.length > 0 && (
        <ul className={styles.previews} data-testid="operator-previews">
          {photos.map((p) => (
            <li key={p.key}>
              <img src={p.url} alt={p.file.name} />
              <button type="button" className={styles.remove} aria-label={t('admin.removeLabel', { name: p.file.name })} onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}>
                {t('admin.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.subtitle}>{t('admin.metadata')}</h2>
      {suggestion && <p className={styles.note} data-testid="operator-suggestion">{suggestion}</p>}
      <div className={styles.fields}>
        {keys.map((key) => (
          <FilterSelect key={key} name={key} idPrefix="operator-field" value={meta[key] ?? ''} options={metadataOptions(key, players)} emptyLabel={t('admin.notSet')}
            onChange={(value) => setMeta((m) => withField(m, key, value, players))} />
        ))}
      </div>
      <button type="button" className="btn btn-primary" onClick={() => void upload()} disabled={busy} data-testid="operator-upload">
        {busy ? t('admin.uploading') : t('admin.upload')}
      </button>
      {results.length > 0 && (
        <ul className={styles.results} data-testid="operator-results">
          {results.map((r) => (
            <li key={r.index} data-status={r.status}>
              {t('admin.resultLine', { name: r.name, outcome: r.status === 'added' ? t('admin.added') : t('admin.rejected', { reason: t(`reasons.${r.code}`) }) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
