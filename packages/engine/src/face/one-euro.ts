// A One-Euro filter (Casiez et al., 2012) over a face's landmarks in a video: a low-pass whose
// cutoff rises with the face's speed, so a still face stops trembling and a moving one does not lag.
// All points share one cutoff, driven by the face's mean speed: the mesh keeps its shape as a whole
// instead of each point lagging by its own amount. Time is the frame's (index / fps), never the
// wall clock, so a clip swapped twice, or in other segments, comes out the same.

/** The filter's state: plain numbers, so it can travel as JSON between calls and processes. */
export interface OneEuroState {
  /** Time of the last value, seconds. */
  t: number;
  /** The filtered values (flat). */
  x: number[];
  /** The filtered speed, in face sizes per second. */
  speed: number;
}

/**
 * Cutoff (Hz) of a still face, and how much it rises per face size a second of speed. Tuned on the
 * mesh model's jitter over a still photo panned by sub-pixel steps (about 0.5% of the face's size)
 * against a head turning at a quarter of its size a second.
 */
export const MIN_CUTOFF = 1.2, BETA = 6, SPEED_CUTOFF = 1;

function smoothing(cutoff: number, dt: number): number {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
}

/**
 * The values at time `t` filtered, and the state after them. `scale` is the face's size in the
 * values' units (pixels): speed is read in face sizes so a near and a far face are smoothed alike.
 * Without a state, or with one from another time (an earlier or much older frame), it starts again.
 */
export function oneEuro(state: OneEuroState | null, values: ArrayLike<number>, t: number, scale: number): { x: number[]; state: OneEuroState } {
  const n = values.length;
  const dt = state ? t - state.t : 0;
  if (!state || state.x.length !== n || !(dt > 0) || dt > 1) {
    const x = Array.from(values);
    return { x, state: { t, x, speed: 0 } };
  }
  let moved = 0;
  for (let i = 0; i < n; i++) moved += Math.abs(values[i]! - state.x[i]!);
  const raw = moved / n / Math.max(1, scale) / dt;
  const speed = state.speed + smoothing(SPEED_CUTOFF, dt) * (raw - state.speed);
  const a = smoothing(MIN_CUTOFF + BETA * speed, dt);
  const x = new Array<number>(n);
  for (let i = 0; i < n; i++) x[i] = state.x[i]! + a * (values[i]! - state.x[i]!);
  return { x, state: { t, x, speed } };
}
