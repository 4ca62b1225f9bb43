// /app/faces: the signed-in user's saved faces (name and photos), the form that adds one, the
// limits, and that these photos are kept until deleted (upload retention does not apply).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyFaces } from '../hooks/useMyFaces';
import { asIs, type PrepareImage } from '../lib/prepare';
import { FaceCard } from './FaceCard';
import { NewFaceForm } from './NewFaceForm';
import styles from './MyFacesPage.module.css';

export function MyFacesPage({ prepare = asIs }: { prepare?: PrepareImage }) {
  const { t } = useTranslation('my-faces');
  useDocumentTitle(t('page.title'));
  const { list, failed, reload } = useMyFaces();

  return (
    <div className={styles.page} data-testid="my-faces-page">
      <header className={styles.header}>
        <h1>{t('page.title')}</h1>
        <p>{t('page.intro', { maxPhotos: list?.maxPhotos ?? 5 })}</p>
        <p className={styles.hint}>{t('page.kept')}</p>
      </header>
      {failed && <p role="alert">{t('page.failed')}</p>}
      {!list && !failed && <p role="status" aria-busy="true">{t('page.loading')}</p>}
      {list && (
        <>
          <p className={styles.count} data-testid="my-faces-count">
            {t('page.count', { count: list.faces.length, max: list.maxFaces })}
          </p>
          {list.faces.length >= list.maxFaces ? (
            <p className={`card ${styles.full}`}>{t('page.full', { max: list.maxFaces })}</p>
          ) : (
            <section className={`card ${styles.section}`}>
              <NewFaceForm prepare={prepare} onCreated={reload} />
            </section>
          )}
          {list.faces.length === 0 ? (
            <p>{t('page.empty')}</p>
          ) : (
            <ul className={styles.faces}>
              {list.faces.map((face) => (
                <FaceCard key={`${face.id}:${face.name}`} face={face} maxPhotos={list.maxPhotos} prepare={prepare} onChanged={reload} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
