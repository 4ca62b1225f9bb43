// "or choose one of my faces": a small chooser beside a face photo's upload button. It loads the
// user's faces when opened and hands back the one picked (its id, name and first photo).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedFaceChoice } from '../../../lib/face-source';
import { useMyFaces } from '../hooks/useMyFaces';
import styles from './FaceChooser.module.css';

export interface FaceChooserProps {
  onChoose: (face: SavedFaceChoice) => void;
  disabled?: boolean;
}

export function FaceChooser({ onChoose, disabled }: FaceChooserProps) {
  const { t } = useTranslation('my-faces');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { list, failed } = useMyFaces(open);

  return (
    <div className={styles.chooser} data-testid="face-chooser">
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} disabled={disabled} onClick={() => setOpen((o) => !o)}>
        {open ? t('chooser.close') : t('chooser.open')}
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="group" aria-label={t('chooser.title')}>
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
                    onClick={() => {
                      onChoose({ id: face.id, name: face.name, photoUrl: face.photos[0]?.url ?? '' });
                      setOpen(false);
                    }}
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
        </div>
      )}
    </div>
  );
}
