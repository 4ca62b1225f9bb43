// The open FaceChooser's content: the user's faces (asked for when it first shows), each a button
// that hands the face back, and a link to the page that manages them.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedFaceChoice } from '../../../lib/face-source';
import { useMyFaces } from '../hooks/useMyFaces';
import styles from './FaceChooser.module.css';

export function ChooserList({ onChoose, disabled }: { onChoose: (face: SavedFaceChoice) => void; disabled: boolean }) {
  const { t } = useTranslation('my-faces');
  const { list, failed } = useMyFaces(true);
  return (
    <>
      {failed && <p role="alert">{t('chooser.failed')}</p>}
      {!list && !failed && <p role="status" aria-busy="true" />}
      {list && list.faces.length === 0 && <p>{t('chooser.empty')}</p>}
      {list && list.faces.length > 0 && (
        <ul className={styles.list}>
          {list.faces.map((face) => (
            <li key={face.id}>
              <button
                type="button"
                className={styles.face}
                aria-label={t('chooser.choose', { name: face.name })}
                disabled={disabled}
                data-testid="face-chooser-face"
                onClick={() => onChoose({ id: face.id, name: face.name, photoUrl: face.photos[0]?.url ?? '' })}
              >
                {face.photos[0] ? <img src={face.photos[0].url} alt="" loading="lazy" /> : null}
                <span>{face.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/app/faces" className={styles.manage}>
        {t('chooser.manage')}
      </Link>
    </>
  );
}
