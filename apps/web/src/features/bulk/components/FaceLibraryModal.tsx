// 'Select a Face' of /app/bulk2: the saved faces, and a new one uploaded with its id (the
// list reloads after). Picking a face closes the modal.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFace } from '@visage/contracts';
import type { PrepareImage } from '../lib/files';
import { FaceUploadForm } from './FaceUploadForm';
import styles from './bulk.module.css';

interface Props {
  uid: string;
  faces: SavedFace[];
  reload: () => void;
  prepare: PrepareImage;
  onPick: (face: SavedFace) => void;
  onClose: () => void;
}

export function FaceLibraryModal({ uid, faces, reload, prepare, onPick, onClose }: Props) {
  const { t } = useTranslation('bulk');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div className={`card ${styles.modal}`} role="dialog" aria-modal="true" aria-label={t('bulk2.select')} onClick={(e) => e.stopPropagation()} data-testid="face-modal">
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
          x
        </button>
        <h2>{t('bulk2.select')}</h2>
        <ul className={styles.faces}>
          {faces.map((face) => (
            <li key={face.id} className={styles.face}>
              <button type="button" className={styles.facePick} onClick={() => onPick(face)} data-testid="face-option">
                <img src={face.url} alt={face.id} />
                <span>{face.id}</span>
              </button>
            </li>
          ))}
        </ul>
        <FaceUploadForm uid={uid} prepare={prepare} onSaved={reload} />
      </div>
    </div>
  );
}
