// A video result in the viewer: the MP4 with the browser's controls, and the clip as uploaded
// (while it is kept) in its place or beside it. Switching view keeps the playhead.
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapItem, SwapVideo } from '@visage/contracts';
import { addVideoTexts } from './video-texts';
import styles from './VideoStage.module.css';

type View = 'result' | 'original' | 'side';
const VIEWS: readonly View[] = ['result', 'original', 'side'];
const VIEW_LABELS = { result: 'viewer.video.showResult', original: 'viewer.video.showOriginal', side: 'viewer.video.showSide' } as const;

interface VideoStageProps {
  item: SwapItem & { video: SwapVideo };
  /** Its place in the gallery, for the player's name ("Swapped video 2 of 5"). */
  index: number;
  total: number;
}

export function VideoStage({ item, index, total }: VideoStageProps) {
  const { t, i18n } = useTranslation('gallery');
  addVideoTexts(i18n);
  const label = t('viewer.video.label', { index: index + 1, total });
  const { url, original_url: original } = item.video;
  const [view, setView] = useState<View>('result');
  const shown = original ? view : 'result';
  const player = useRef<HTMLVideoElement>(null);
  const time = useRef(0);

  const choose = (next: View) => {
    time.current = player.current?.currentTime ?? time.current;
    setView(next);
  };
  // A new element starts at 0: it resumes where the previous view was.
  const resume = (event: SyntheticEvent<HTMLVideoElement>) => {
    if (time.current > 0) event.currentTarget.currentTime = time.current;
  };

  return (
    <div className={styles.videoStage}>
      {shown === 'side' ? (
        <div className={styles.side}>
          <figure>
            <video ref={player} src={original} controls muted playsInline preload="metadata" aria-label={t('viewer.video.original')} onLoadedMetadata={resume} data-testid="gallery-viewer-original" />
            <figcaption>{t('viewer.video.showOriginal')}</figcaption>
          </figure>
          <figure>
            <video src={url} controls playsInline preload="metadata" poster={item.image_url} aria-label={label} onLoadedMetadata={resume} data-testid="gallery-viewer-video" data-swap-id={item.id} />
            <figcaption>{t('viewer.video.showResult')}</figcaption>
          </figure>
        </div>
      ) : (
        <video
          key={shown}
          ref={player}
          className={styles.single}
          src={shown === 'original' ? original : url}
          poster={shown === 'original' ? undefined : item.image_url}
          controls
          playsInline
          preload="metadata"
          aria-label={shown === 'original' ? t('viewer.video.original') : label}
          onLoadedMetadata={resume}
          data-testid={shown === 'original' ? 'gallery-viewer-original' : 'gallery-viewer-video'}
          data-swap-id={item.id}
        />
      )}
      {original ? (
        <div className={styles.views} role="group" aria-label={t('viewer.video.views')}>
          {VIEWS.map((v) => (
            <button key={v} type="button" aria-pressed={shown === v} onClick={() => choose(v)} data-testid={`viewer-video-${v}`}>
              {t(VIEW_LABELS[v])}
            </button>
          ))}
        </div>
      ) : (
        <p className={styles.note} role="note" data-testid="viewer-original-gone">
          {t('viewer.video.originalGone')}
        </p>
      )}
      {item.video.downscaled ? <p className={styles.note}>{t('viewer.video.downscaled')}</p> : null}
    </div>
  );
}
