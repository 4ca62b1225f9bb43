// The progress bar's value. The job's own events drive it; when none has carried a progress
// figure yet, an estimate from the expected swap time stands in: 100 × (1 − remaining / 75 000 ms), ticking every
// second. The bar never goes backwards and stops at 99 until the result exists.
import { EXPECTED_SWAP_MS } from '@visage/contracts/constants';

export const PROGRESS_TICK_MS = 1000;
const MAX_BEFORE_DONE = 99;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The time-based estimate for `elapsedMs` since the click, in percent (0..99). */
export function fallbackProgress(elapsedMs: number): number {
  const remaining = EXPECTED_SWAP_MS - elapsedMs;
  const percent = 100 * (1 - remaining / EXPECTED_SWAP_MS);
  return clamp(Math.round(percent), 0, MAX_BEFORE_DONE);
}

export interface ProgressInput {
  elapsedMs: number;
  /** Latest progress reported by the job (0..1), or null when no event carried one. */
  eventProgress: number | null;
  /** What the bar shows now. */
  previous: number;
}

/** Next value of the bar, in percent. */
export function nextProgress({ elapsedMs, eventProgress, previous }: ProgressInput): number {
  const target = eventProgress === null ? fallbackProgress(elapsedMs) : clamp(Math.round(eventProgress * 100), 0, MAX_BEFORE_DONE);
  return Math.max(previous, target);
}
