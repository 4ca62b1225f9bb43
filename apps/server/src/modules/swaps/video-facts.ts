// A video swap's facts kept on its row (`swaps.video`, JSON): the probe, the size it is swapped
// at, the chosen person, and when its segments started (the progress's pace).
import type { SwapVideo } from '@visage/contracts';
import type { VideoProbe } from '../../infra/media/index.ts';

export interface ClipFacts extends VideoProbe {
  /** The size frames are decoded, swapped and encoded at (even; short side at most the cap). */
  outWidth: number;
  outHeight: number;
  downscaled: boolean;
  /** The person index the upload chose (0: the one seen largest and longest). */
  person: number;
  /** That person's face descriptor, once known (at upload when the people were looked at, else by the prepare job). */
  descriptor: number[] | null;
  /** When the first segments were enqueued (epoch ms); null before. */
  startedAt: number | null;
}

export function parseFacts(json: string | null): ClipFacts | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ClipFacts;
  } catch {
    return null;
  }
}

/** The gallery's view of a video swap's facts (urls added by the caller). */
export function swapVideoOf(facts: ClipFacts): Omit<SwapVideo, 'url' | 'original_url'> {
  return { duration: facts.duration, width: facts.outWidth, height: facts.outHeight, fps: facts.fps.num / facts.fps.den, downscaled: facts.downscaled };
}
