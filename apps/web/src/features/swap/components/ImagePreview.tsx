// A chosen photo's square preview: the image, or an icon and a line while nothing is chosen, and a
// busy bar while it is being compressed. The swap form's pickers and the pro modes' target use it.
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/Icon';
import styles from './ImagePreview.module.css';

interface ImagePreviewProps extends HTMLAttributes<HTMLElement> {
  /** The <img>, or nothing while no photo is chosen. */
  children?: ReactNode;
  emptyIcon?: IconName;
  emptyLabel: string;
  busy?: boolean;
  /** A file is being dragged over it. */
  dragging?: boolean;
}

export function ImagePreview({ children, emptyIcon = 'image', emptyLabel, busy, dragging, ...figure }: ImagePreviewProps) {
  const { t } = useTranslation('swap');
  return (
    <figure {...figure} className={`${styles.preview} ${dragging ? styles.dragging : ''}`} aria-busy={busy || undefined}>
      {children ?? (
        <figcaption className={styles.previewEmpty}>
          <Icon name={emptyIcon} size={32} />
          <span>{emptyLabel}</span>
        </figcaption>
      )}
      {busy && (
        <div className={styles.previewBusy} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('form.compressing')}</span>
        </div>
      )}
    </figure>
  );
}
