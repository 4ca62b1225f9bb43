// The viewer's actions on one result: download it (with its AI label; a video as its MP4),
// compare it with the target photo while that is kept, and delete it after one confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapItem } from '@visage/contracts';
import { Icon } from '../../../components/Icon';
import { deleteSwap, downloadUrl } from '../api/delete-swap';
import styles from './Viewer.module.css';

interface ViewerActionsProps {
  uid: string;
  item: SwapItem;
  comparing: boolean;
  onCompare: (on: boolean) => void;
  onDeleted: (id: string) => void;
}

export function ViewerActions({ uid, item, comparing, onCompare, onDeleted }: ViewerActionsProps) {
  const { t } = useTranslation('gallery');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await deleteSwap(uid, item.id);
      setConfirming(false);
      onDeleted(item.id);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <div className={styles.confirm} role="alertdialog" aria-label={t('viewer.delete.question')} data-testid="viewer-delete-confirm">
        <span>{t('viewer.delete.question')}</span>
        <button type="button" className={styles.danger} onClick={() => void remove()} disabled={busy} data-testid="viewer-delete-yes">
          {t('viewer.delete.yes')}
        </button>
        <button type="button" className={styles.action} onClick={() => setConfirming(false)} disabled={busy}>
          {t('viewer.delete.no')}
        </button>
        {failed && <span role="alert">{t('viewer.delete.failed')}</span>}
      </div>
    );
  }
  return (
    <>
      {item.original_url && (
        <button type="button" className={styles.action} aria-pressed={comparing} onClick={() => onCompare(!comparing)} data-testid="viewer-compare">
          <Icon name="compare" size={18} />
          <span className="narrow-visually-hidden">{t('viewer.compare.toggle')}</span>
        </button>
      )}
      <a className={styles.action} href={item.video?.url ?? downloadUrl(item.id)} download={item.video ? `visage-${item.id}.mp4` : true} data-testid="viewer-download">
        <Icon name="download" size={18} />
        <span className="narrow-visually-hidden">{t('viewer.download')}</span>
      </a>
      <button type="button" className={styles.action} onClick={() => setConfirming(true)} data-testid="viewer-delete">
        <Icon name="trash" size={18} />
        <span className="narrow-visually-hidden">{t('viewer.delete.button')}</span>
      </button>
    </>
  );
}
