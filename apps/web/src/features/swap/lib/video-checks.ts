// The browser-side checks of a chosen clip, before any upload: video on, the plan's allowance,
// the server's size and length limits (the length read from the clip's own metadata). The
// server checks again; these spare the user an upload that would be refused.
import type { VideoStatus } from '@visage/contracts';

/** What the browser reads of a clip; null when it cannot read it (the server then decides). */
export interface ClipFacts {
  duration: number;
  width: number;
  height: number;
}

export type ClipProblem =
  | { code: 'video_off' }
  | { code: 'video_plan_required' }
  | { code: 'video_quota_exceeded'; limit: number; resetDate: string }
  | { code: 'video_too_large'; maxBytes: number }
  | { code: 'video_too_long'; maxSeconds: number };

/** Why this clip cannot be swapped now, the first reason found; null when nothing stands in the way. */
export function clipProblem(status: VideoStatus, clip: Pick<File, 'size'>, facts: ClipFacts | null): ClipProblem | null {
  if (!status.available) return { code: 'video_off' };
  if (status.limit === 0) return { code: 'video_plan_required' };
  if (status.left === 0) return { code: 'video_quota_exceeded', limit: status.limit ?? 0, resetDate: status.resetDate };
  if (clip.size > status.maxBytes) return { code: 'video_too_large', maxBytes: status.maxBytes };
  if (facts && facts.duration > status.maxSeconds) return { code: 'video_too_long', maxSeconds: status.maxSeconds };
  return null;
}

/** The clip is above what results keep (its shorter side over `maxHeight`): it will be brought down. */
export function willDownscale(facts: ClipFacts | null, maxHeight: number): boolean {
  return facts !== null && Math.min(facts.width, facts.height) > maxHeight;
}

/** Reads a clip's length and size from a detached `<video>`'s metadata; null when the browser cannot. */
export function readClipFacts(clip: Blob): Promise<ClipFacts | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(clip);
    const done = (facts: ClipFacts | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(facts);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) ? { duration: video.duration, width: video.videoWidth, height: video.videoHeight } : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
