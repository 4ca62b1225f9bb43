// One face photo with its text id (/app/manage-faces and the bulk2 modal): preview with
// remove 'X', 'Upload Image'. The server refuses a photo without exactly one usable face, and an
// id that exists is replaced only after the operator says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFace } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { uploadFace } from '../api/bulk-api';
import { useImageFiles } from '../hooks/useImageFiles';
import { notify, type PrepareImage } from '../lib/files';
import { ImageChooser } from './ImageChooser';
import styles from './bulk.module.css';

interface Props {
  uid: string;
  prepare: PrepareImage;
  onSaved: (face: SavedFace) => void;
}

export function FaceUploadForm({ uid, prepare, onSaved }: Props) {
  const { t } = useTranslation('bulk');
  const image = useImageFiles(prepare, 1, 'alerts.tooLargeAdmin');
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const send = async (file: File, replace: boolean): Promise<void> => {
    try {
      const saved = await uploadFace(uid, id.trim(), file, replace);
      setMessage({ text: t('faces.success'), error: false });
      notify(t('faces.success'));
      image.clear();
      setId('');
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'face_exists' && !replace) {
        if (window.confirm(t('faces.confirmReplace', { id: id.trim() }))) return send(file, true);
        return;
      }
      console.error(error);
      const code = isApiError(error) ? error.code : 'unknown';
      const reason = t([`faces.reasons.${code}`, 'faces.reasons.unknown']);
      setMessage({ text: `${t('faces.failure')} ${reason}`, error: true });
      notify(t('faces.failure'), 'error');
    }
  };

  return (
    <form
      className={styles.faceForm}
      data-testid="face-upload"
      onSubmit={(event) => {
        event.preventDefault();
        const file = image.images[0]?.file;
        if (!image.images[0]) {
          notify(t('faces.noImage'), 'error');
          return;
        }
        if (!id.trim()) {
          setMessage({ text: t('faces.noId'), error: true });
          return;
        }
        if (!file || busy) return;
        setBusy(true);
        setMessage(null);
        void send(file, false).finally(() => setBusy(false));
      }}
    >
      <label className={styles.field}>
        <span>{t('faces.idLabel')}</span>
        <input type="text" value={id} maxLength={64} onChange={(event) => setId(event.target.value)} data-testid="face-id" />
      </label>
      <ImageChooser files={image} label={t('faces.choose')} disabled={busy} testId="face-image" />
      {/* Held while the chosen photo is being prepared; without a photo it says what is missing. */}
      <button type="submit" className="btn btn-primary" disabled={busy || (image.images.length > 0 && !image.ready)}>
        {t('faces.upload')}
      </button>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? styles.problem : styles.ok}>
          {message.text}
        </p>
      )}
    </form>
  );
}
