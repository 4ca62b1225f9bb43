// The words under a video swap's bar: which frame it is at and about how long is left, once the
// job reports frames; before that, the step it is at.
import type { TFunction } from 'i18next';
import type { SwapPhase } from '../hooks/useSwapJob';

export interface VideoProgressFacts {
  phase: SwapPhase;
  frames: { done: number; total: number } | null;
  etaMs: number | null;
}

/** "Frame 120 of 300 · about 20 s left" (French too, through `t` of the swap namespace). */
export function videoProgressText(t: TFunction, { phase, frames, etaMs }: VideoProgressFacts): string {
  if (phase === 'uploading') return t('video.progress.sending');
  if (phase === 'queued') return t('progress.queued');
  if (phase === 'finishing') return t('progress.finishing');
  if (!frames || frames.total === 0) return t('video.progress.preparing');
  const parts = [t('video.progress.frames', { done: frames.done, total: frames.total })];
  if (etaMs !== null && frames.done < frames.total) parts.push(timeLeft(t, etaMs));
  return parts.join(' · ');
}

function timeLeft(t: TFunction, etaMs: number): string {
  const seconds = Math.max(1, Math.round(etaMs / 1000));
  // Under two minutes the seconds still mean something; past that, minutes read better.
  return seconds < 120 ? t('video.progress.seconds', { count: seconds }) : t('video.progress.minutes', { count: Math.round(seconds / 60) });
}
