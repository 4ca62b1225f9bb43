// "or choose one of my faces": a small chooser beside a face photo's upload button. It loads the
// user's faces when opened and hands back the one picked (its id, name and first photo).
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFaceChoice } from '../../../lib/face-source';
import styles from './FaceChooser.module.css';

// The list and its request load when the chooser is first opened: the swap pages show only the
// toggle until then. Its texts are in the first load (locales/first-load), shown at once.
const ChooserList = lazy(() => import('./ChooserList').then((m) => ({ default: m.ChooserList })));

export interface FaceChooserProps {
  onChoose: (face: SavedFaceChoice) => void;
  disabled?: boolean;
}

export function FaceChooser({ onChoose, disabled }: FaceChooserProps) {
  const { t } = useTranslation('my-faces');
  const panelId = useId();
  const [open, setOpen] = useState(false);

  return (
    <div className={styles.chooser} data-testid="face-chooser">
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} disabled={disabled} onClick={() => setOpen((o) => !o)}>
        {open ? t('chooser.close') : t('chooser.open')}
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="group" aria-label={t('chooser.title')}>
          <Suspense fallback={<p role="status" aria-busy="true" />}>
            <ChooserList
              disabled={Boolean(disabled)}
              onChoose={(face) => {
                onChoose(face);
                setOpen(false);
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
