// One saved face: its name (renamed in place), its photos (each removable but the last), a
// photo to add while it has fewer than the most, and the face's deletion after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyFace } from '@visage/contracts';
import { MY_FACE_NAME_MAX } from '@visage/contracts/constants';
import { Icon } from '../../../components/Icon';
import { ACCEPT_ATTRIBUTE, checkImageFile } from '../../../lib/image-files';
import { notify } from '../../../lib/notify';
import { addMyFacePhoto, deleteMyFace, removeMyFacePhoto, renameMyFace } from '../api/my-faces-api';
import { errorKey } from '../lib/error-key';
import type { PrepareImage } from '../lib/prepare';
import styles from './MyFacesPage.module.css';

interface FaceCardProps {
  face: MyFace;
  maxPhotos: number;
  prepare: PrepareImage;
  onChanged: () => Promise<void>;
}

export function FaceCard({ face, maxPhotos, prepare, onChanged }: FaceCardProps) {
  const { t } = useTranslation('my-faces');
  const renameId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(face.name);
  const [busy, setBusy] = useState<'rename' | 'photo' | 'delete' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const full = face.photos.length >= maxPhotos;

  const run = async (what: 'rename' | 'photo' | 'delete', work: () => Promise<unknown>) => {
    setBusy(what);
    setProblem(null);
    try {
      await work();
      await onChanged();
      return true;
    } catch (error) {
      console.error(error);
      setProblem(errorKey(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('rename', () => renameMyFace(face.id, name.trim()))) setRenaming(false);
  };

  const addPhoto = (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (check) return setProblem(check === 'invalid_type' ? 'errors.invalid_image_type' : 'errors.file_too_large');
    void run('photo', async () => addMyFacePhoto(face.id, await prepare(file)));
  };

  const remove = () => {
    if (!window.confirm(t('face.confirmDelete', { name: face.name }))) return;
    void run('delete', () => deleteMyFace(face.id)).then((ok) => ok && notify(t('face.deleted', { name: face.name })));
  };

  return (
    <li className={`card ${styles.face}`} data-testid="my-face" data-face-id={face.id} aria-busy={busy !== null || undefined}>
      <div className={styles.faceHeader}>
        {renaming ? (
          <form className={styles.rename} onSubmit={(e) => void rename(e)}>
            <label htmlFor={renameId} className="visually-hidden">
              {t('face.renameLabel', { name: face.name })}
            </label>
            <input className="input" id={renameId} value={name} maxLength={MY_FACE_NAME_MAX} onChange={(e) => setName(e.target.value)} required autoFocus />
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {t('face.save')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => { setRenaming(false); setName(face.name); }}>
              {t('face.cancel')}
            </button>
          </form>
        ) : (
          <>
            <h3>{face.name}</h3>
            <button type="button" className="btn btn-secondary" onClick={() => setRenaming(true)} disabled={busy !== null}>
              {t('face.rename')}
            </button>
          </>
        )}
      </div>
      <p className={styles.hint}>{t('face.photos', { count: face.photos.length, max: maxPhotos })}</p>
      <ul className={styles.photos}>
        {face.photos.map((photo, i) => (
          <li key={photo.id} className={styles.photo}>
            <img src={photo.url} alt={t('face.photoAlt', { n: i + 1, name: face.name })} loading="lazy" />
            <button
              type="button"
              className={styles.removePhoto}
              aria-label={t('face.removePhoto')}
              title={face.photos.length <= 1 ? t('face.lastPhoto') : t('face.removePhoto')}
              disabled={busy !== null || face.photos.length <= 1}
              onClick={() => void run('photo', () => removeMyFacePhoto(face.id, photo.id))}
            >
              <Icon name="trash" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.faceActions}>
        {full ? (
          <p className={styles.hint}>{t('face.photosFull', { max: maxPhotos })}</p>
        ) : (
          <label className={`btn btn-secondary ${busy !== null ? styles.disabled : ''}`}>
            <Icon name="plus" size={16} />
            {busy === 'photo' ? t('face.adding') : t('face.addPhoto')}
            <input
              type="file"
              className="visually-hidden"
              accept={ACCEPT_ATTRIBUTE}
              disabled={busy !== null}
              data-testid="my-face-add-photo"
              onChange={(e) => {
                addPhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        )}
        <button type="button" className="btn btn-secondary" onClick={remove} disabled={busy !== null}>
          {t('face.delete')}
        </button>
      </div>
      {problem && (
        <p role="alert" className={styles.problem}>
          {t(problem)}
        </p>
      )}
    </li>
  );
}
