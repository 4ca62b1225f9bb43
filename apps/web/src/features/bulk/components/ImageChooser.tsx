// A file button (one or many images) with the chosen previews, each with its remove 'X'.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import type { ImageFiles } from '../hooks/useImageFiles';
import { ACCEPT_ATTRIBUTE } from '../lib/files';
import styles from './bulk.module.css';

interface Props {
  files: ImageFiles;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  testId: string;
}

export function ImageChooser({ files, label, multiple, disabled, testId }: Props) {
  const { t } = useTranslation('bulk');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.chooser} data-testid={testId}>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        multiple={multiple}
        accept={ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        onChange={(event) => {
          files.add(event.target.files);
          event.target.value = '';
        }}
      />
      <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => input.current?.click()}>
        <Icon name="upload" size={18} />
        {label}
      </button>
      {files.images.length > 0 && (
        <ul className={styles.previews}>
          {files.images.map((img) => (
            <li key={img.key} className={styles.preview} aria-busy={!img.file || undefined}>
              <img src={img.previewUrl} alt={img.name} />
              <button type="button" className={styles.remove} aria-label={t('remove', { name: img.name })} disabled={disabled} onClick={() => files.remove(img.key)}>
                X
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
