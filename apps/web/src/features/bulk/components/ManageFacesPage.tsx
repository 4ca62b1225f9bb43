// /app/manage-faces: upload a face with its id, and the list of saved faces with delete.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { deleteFace } from '../api/bulk-api';
import { useFaces } from '../hooks/useFaces';
import { asIs, notify, type PrepareImage } from '../lib/files';
import { FaceUploadForm } from './FaceUploadForm';
import styles from './bulk.module.css';

export function ManageFacesPage({ prepare = asIs }: { prepare?: PrepareImage }) {
  const { t } = useTranslation('bulk');
  const { uid, faces, loading, reload } = useFaces();
  useDocumentTitle(t('nav.faces'));
  if (!uid) return null;
  return (
    <div className={styles.page}>
      <section className={`card ${styles.form}`}>
        <h1>{t('faces.title')}</h1>
        <FaceUploadForm uid={uid} prepare={prepare} onSaved={reload} />
      </section>
      <section className={styles.faceList} aria-busy={loading || undefined} data-testid="face-list">
        <h2>{t('faces.listTitle')}</h2>
        {!loading && faces.length === 0 && <p>{t('faces.empty')}</p>}
        <ul className={styles.faces}>
          {faces.map((face) => (
            <li key={face.id} className={styles.face}>
              <img src={face.url} alt={face.id} />
              <span>{face.id}</span>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  if (!window.confirm(t('faces.confirmDelete', { id: face.id }))) return;
                  deleteFace(uid, face.id).then(reload, (error: unknown) => {
                    console.error(error);
                    notify(t('faces.deleteFailed'), 'error');
                  });
                }}
              >
                {t('faces.delete')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
