// One photo with a numbered outline on each face, each a real checkbox (several faces) or radio
// button (one face) named "Face 2"…: chosen by click, tap or keyboard; a face too small to swap
// is shown as such and cannot be chosen. Boxes are in the photo's upright pixels (detect's).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetectedFace } from '@visage/contracts';
import styles from './FacePicker.module.css';

export interface FacePickerProps {
  imageUrl: string;
  width: number;
  height: number;
  faces: DetectedFace[];
  selected: number[];
  multiple: boolean;
  onChange: (selected: number[]) => void;
  legend: string;
  disabled?: boolean;
  testId?: string;
}

const pct = (v: number, of: number) => `${((100 * v) / of).toFixed(3)}%`;

export function FacePicker({ imageUrl, width, height, faces, selected, multiple, onChange, legend, disabled, testId }: FacePickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const toggle = (i: number, on: boolean) => {
    if (!multiple) onChange([i]);
    else onChange(on ? [...selected, i].sort((a, b) => a - b) : selected.filter((x) => x !== i));
  };
  return (
    <fieldset className={styles.picker} data-testid={testId} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.frame} style={{ aspectRatio: `${width} / ${height}` }}>
        <img className={styles.photo} src={imageUrl} alt="" />
        {faces.map((face, i) => {
          const [x, y, w, h] = face.box;
          const on = selected.includes(i);
          return (
            <label
              key={i}
              className={`${styles.face} ${on ? styles.chosen : ''} ${face.usable ? '' : styles.unusable}`}
              style={{ left: pct(x, width), top: pct(y, height), width: pct(w, width), height: pct(h, height) }}
              data-testid={testId ? `${testId}-face-${i + 1}` : undefined}
            >
              <input
                className={styles.input}
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={on}
                disabled={!face.usable}
                onChange={(event) => toggle(i, event.target.checked)}
              />
              <span className={styles.number} aria-hidden="true">
                {i + 1}
              </span>
              <span className="visually-hidden">{t(face.usable ? 'facePicker.face' : 'facePicker.tooSmall', { number: i + 1 })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
