// What FaceChoiceFields shows once a photo is read for faces: the target's faces to swap
// (several), a face photo for each chosen face (the form's own by default), and the face to take
// from the face photo when it shows several. Its own chunk, with the face picker.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE, checkImageFile } from '../lib/image-files';
import type { FaceChoiceState } from '../lib/use-face-choice';
import type { FaceChoiceFieldsProps } from './FaceChoiceFields';
import { FacePicker } from './FacePicker';
import styles from './FaceChoiceFields.module.css';

export function FaceChoiceParts({ state, targetUrl, sourceUrl, prepare = async (f) => f, disabled, savedChooser }: FaceChoiceFieldsProps) {
  const { t } = useTranslation();
  const detecting = state.target.status === 'detecting' || state.source.status === 'detecting';
  const target = state.target.found;
  const source = state.source.found;
  return (
    <>
      {detecting ? (
        <p className={styles.note} role="status">
          {t('facePicker.detecting')}
        </p>
      ) : null}
      {state.target.status === 'failed' ? <p className={styles.note}>{t('facePicker.detectFailed')}</p> : null}
      {state.picksTargets && target && targetUrl ? (
        <div className={styles.group}>
          <FacePicker
            imageUrl={targetUrl}
            width={target.width}
            height={target.height}
            faces={target.faces}
            selected={state.chosen}
            multiple
            onChange={state.setChosen}
            legend={t('facePicker.targetLegend')}
            disabled={disabled}
            testId="face-picker-target"
          />
          {state.chosen.length === 0 ? (
            <p className={styles.problem} role="alert">
              {t('facePicker.noneChosen')}
            </p>
          ) : (
            <ul className={styles.photos} data-testid="face-photos">
              {state.chosen.map((face) => (
                <FacePhotoRow key={face} state={state} face={face} prepare={prepare} disabled={disabled} savedChooser={savedChooser} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {state.picksSource && source && sourceUrl && state.sourceFace !== null ? (
        <FacePicker
          imageUrl={sourceUrl}
          width={source.width}
          height={source.height}
          faces={source.faces}
          selected={[state.sourceFace]}
          multiple={false}
          onChange={([face]) => state.setSourceFace(face!)}
          legend={t('facePicker.sourceLegend')}
          disabled={disabled}
          testId="face-picker-source"
        />
      ) : null}
    </>
  );
}

interface FacePhotoRowProps extends Pick<FaceChoiceFieldsProps, 'savedChooser' | 'disabled'> {
  state: FaceChoiceState;
  face: number;
  prepare: (file: File) => Promise<File>;
}

function FacePhotoRow({ state, face, prepare, disabled, savedChooser }: FacePhotoRowProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const photo = state.photos[face];
  const number = face + 1;
  return (
    <li className={styles.photoRow} data-testid={`face-photo-${number}`}>
      <span className={styles.photoLabel}>{t('facePicker.photoFor', { number })}</span>
      <span className={styles.photoName}>{photo ? photo.name : t('facePicker.samePhoto')}</span>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`face-photo-input-${number}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file || checkImageFile(file)) return;
          void prepare(file).then((ready) => state.setPhoto(face, ready), () => undefined);
        }}
      />
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled || (!photo && !state.canAddPhoto)}
        aria-label={`${t('facePicker.choosePhoto')} – ${t('facePicker.photoFor', { number })}`}
        onClick={() => input.current?.click()}
      >
        {t('facePicker.choosePhoto')}
      </button>
      {savedChooser?.({ onChoose: (saved) => state.setPhoto(face, saved), disabled: Boolean(disabled) || (!photo && !state.canAddPhoto) })}
      {photo ? (
        <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => state.setPhoto(face, null)}>
          {t('facePicker.usePrimary')}
        </button>
      ) : null}
    </li>
  );
}
