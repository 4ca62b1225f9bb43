// The face picker under a swap form's two photos, shown once a photo is chosen: the note while its
// faces are read, then the pickers for photos with more than one face (FaceChoiceParts). Most swaps
// never show a picker, so that part loads as its own chunk the first time a photo is chosen.
import { lazy, Suspense, type ReactNode } from 'react';
import type { SavedFaceChoice } from '../lib/face-source';
import type { FaceChoiceState } from '../lib/use-face-choice';
import styles from './FaceChoiceFields.module.css';

const FaceChoiceParts = lazy(() => import('./FaceChoiceParts').then((m) => ({ default: m.FaceChoiceParts })));

export interface FaceChoiceFieldsProps {
  state: FaceChoiceState;
  targetUrl: string | null;
  sourceUrl: string | null;
  /** Readies a face photo chosen for one face as the form's own are (compression). */
  prepare?: (file: File) => Promise<File>;
  disabled?: boolean;
  /** A chooser of the person's saved faces, offered beside each chosen face's photo. */
  savedChooser?: (props: { onChoose: (face: SavedFaceChoice) => void; disabled: boolean }) => ReactNode;
}

export function FaceChoiceFields(props: FaceChoiceFieldsProps) {
  const { target, source } = props.state;
  // Until a photo is chosen there is nothing to show: the chunk is not asked for.
  const shown = target.status !== 'idle' || source.status !== 'idle';
  return (
    <div className={styles.fields}>
      {shown ? (
        <Suspense fallback={null}>
          <FaceChoiceParts {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
