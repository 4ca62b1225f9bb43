// Messages between the page and the proof-of-work worker.
export interface PowRequest {
  algorithm: string;
  challenge: string;
  salt: string;
  max: number;
}

/** The number that solves the challenge, or null when none up to `max` does. */
export type PowResponse = { number: number; took: number } | null;
