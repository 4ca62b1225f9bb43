// The gallery's count: images and videos counted apart, each with its own plural, so a gallery
// holding video results does not call them images.
import type { TFunction } from 'i18next';
import type { SwapItem } from '@visage/contracts';

export function countText(t: TFunction<'gallery'>, items: Pick<SwapItem, 'video'>[]): string {
  const videos = items.filter((item) => item.video).length;
  const images = items.length - videos;
  if (videos === 0) return t('count', { count: images });
  if (images === 0) return t('videoCount', { count: videos });
  return t('countBoth', { images: t('count', { count: images }), videos: t('videoCount', { count: videos }) });
}
