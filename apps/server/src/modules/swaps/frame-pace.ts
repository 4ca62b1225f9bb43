// A video's time left as one events stream sees its frames come: the pace between the first
// frames it saw and now. The swap's own estimate (frames done over the time since its segments
// were made) counts each worker's start (the face photo read, ffmpeg started, the first frames'
// slower pass), which made the first figures several times too long (190 s said, 45 s taken).

/** Time the stream must have watched frames come before it trusts its own pace. */
export const PACE_WINDOW_MS = 3000;
/** Share of the frames done from which the swap's own estimate is close enough (the start's cost spread thin). */
export const SINCE_START_FROM = 0.25;

export class FramePace {
  private first: { at: number; done: number } | null = null;

  /**
   * The time left at the watched pace once PACE_WINDOW_MS of frames were seen; before that the
   * swap's own estimate `sinceStart` from SINCE_START_FROM of the frames done; else null (unknown).
   */
  etaMs(frames: { done: number; total: number }, now: number, sinceStart?: number): number | null {
    return this.watched(frames, now) ?? (sinceStart !== undefined && frames.done >= SINCE_START_FROM * frames.total ? sinceStart : null);
  }

  private watched(frames: { done: number; total: number }, now: number): number | null {
    if (frames.done <= 0) return null;
    if (!this.first || frames.done < this.first.done) {
      this.first = { at: now, done: frames.done };
      return null;
    }
    const elapsed = now - this.first.at, gained = frames.done - this.first.done;
    if (elapsed < PACE_WINDOW_MS || gained <= 0) return null;
    return Math.round(((frames.total - frames.done) * elapsed) / gained);
  }
}
