// The smooth 0 → 1 ramp that feathers masks and fades weights across the pipeline.

/** 0 at t ≤ 0, 1 at t ≥ 1, and 3t² − 2t³ (zero slope at both ends) in between. */
export function smoothstep(t: number): number {
  return t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
}
