// One upload button with its hidden file input and the preview of the chosen image.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ACCEPT_ATTRIBUTE } from '../../../lib/image-files';
import { Icon } from '../../../components/Icon';
import type { ImageSlot } from '../hooks/useImageSlot';
import { ImagePreview } from './ImagePreview';
import styles from './ImagePicker.module.css';

interface ImagePickerProps {
  slot: ImageSlot;
  /** Test id and input name: "target" or "source". */
  name: 'target' | 'source';
  buttonLabel: string;
  previewLabel: string;
  emptyLabel: string;
  disabled?: boolean;
  /** Shown under the upload button: the face's "or choose one of my faces". */
  children?: ReactNode;
  /** The input's `accept` (photos by default; the dashboard's target takes clips too). */
  accept?: string;
  /** Shown in place of the image preview (a chosen clip). */
  preview?: ReactNode;
}

export function ImagePicker({ slot, name, buttonLabel, previewLabel, emptyLabel, disabled, children, accept = ACCEPT_ATTRIBUTE, preview }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [dragging, setDragging] = useState(false);
  // A file dropped on the preview goes through the same checks as one chosen with the button.
  const dropHandlers = disabled
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          slot.choose(event.dataTransfer.files[0]);
        },
      };

  return (
    <div className={styles.picker} data-testid={`swap-picker-${name}`}>
      <ImagePreview {...dropHandlers} dragging={dragging} busy={slot.compressing} emptyLabel={emptyLabel} data-file={slot.file ? `${slot.file.name};${slot.file.type};${slot.file.size}` : undefined} data-saved-face={slot.saved?.id}>
        {preview ?? (slot.previewUrl ? <img src={slot.previewUrl} alt={previewLabel} data-testid={`swap-preview-${name}`} /> : null)}
      </ImagePreview>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        name={name}
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`swap-input-${name}`}
        onChange={(event) => {
          slot.choose(event.target.files?.[0]);
          // Lets the same file be chosen again after a refusal.
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={`btn btn-secondary ${styles.pickerButton}`}
        disabled={disabled}
        aria-describedby={slot.problem ? problemId : undefined}
        onClick={() => input.current?.click()}
      >
        <Icon name="upload" size={18} />
        {buttonLabel}
      </button>
      {children}
      {slot.problem && (
        <p id={problemId} className={styles.problem} role="alert">
          {slot.problem}
        </p>
      )}
    </div>
  );
}
