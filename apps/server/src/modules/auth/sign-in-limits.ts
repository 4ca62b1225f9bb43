// Brute-force limits of the e-mail sign-in, counted before the password is checked (one
// atomic upsert per attempt, so a burst cannot slip past; a success gives its count back, so
// what stays counted are failures and attempts still in flight), in 15-minute windows:
//   - per account + address: 10, then 429 with Retry-After until the window ends;
//   - per address (any account): 50, against spraying many e-mails from one place;
//   - per account (any address): past 10 failures the sign-in asks for a proof-of-work whose
//     cost doubles with every 10 more failures. Guessing slows down; the owner, from any
//     address, still signs in (the browser solves it in a second or two).
// Unknown e-mails are counted exactly like known ones, so the answers reveal nothing.
import { AppError } from '../../http/errors.ts';
import type { AuthRepository } from './repository.ts';

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** Failed (or in-flight) attempts allowed per account + address in the window; the next one gets 429. */
export const MAX_PAIR_ATTEMPTS = 10;
/** Checked attempts allowed per address over all accounts in the window. */
export const MAX_ADDRESS_ATTEMPTS = 50;
/** Failures on one account (any address) past which a proof-of-work is required. */
export const ACCOUNT_POW_AFTER = 10;
/** Every this many more failures, the proof-of-work costs twice as much (up to 2^MAX_POW_LEVEL-1). */
const FAILURES_PER_LEVEL = 10;
const MAX_POW_LEVEL = 5;

export interface Reservation {
  counters: Array<{ key: string; windowStart: number }>;
  pairKey: string;
  /** 0: no proof-of-work needed; n: a challenge of level >= n is. */
  powLevel: number;
  at: number;
}

export class SignInLimits {
  constructor(private readonly repo: AuthRepository) {}

  /** Counts this attempt under its three keys (one atomic upsert); 429 when the address is over a limit. */
  async reserve(email: string, ip: string, now: number): Promise<Reservation> {
    const pairKey = `pair:${ip}|${email}`;
    const ipKey = `ip:${ip}`;
    const accountKey = `account:${email}`;
    const counts = await this.repo.bumpCounters([pairKey, ipKey, accountKey], now, now - ATTEMPT_WINDOW_MS);
    const counters = [...counts].map(([key, c]) => ({ key, windowStart: c.windowStart }));
    const limits: Array<[string, number]> = [
      [pairKey, MAX_PAIR_ATTEMPTS],
      [ipKey, MAX_ADDRESS_ATTEMPTS],
    ];
    for (const [key, max] of limits) {
      const c = counts.get(key);
      if (!c || c.n <= max) continue;
      // Refused unchecked: the account's count gives this one back (it guessed nothing).
      await this.repo.unbumpCounters(counters.filter((x) => x.key === accountKey));
      const retryAfter = Math.max(1, Math.ceil((c.windowStart + ATTEMPT_WINDOW_MS - now) / 1000));
      throw new AppError(429, 'too_many_attempts', 'Too many sign-in attempts. Please wait 15 minutes and try again.', { retryAfter });
    }
    // Others' failures and attempts in flight on this account (not this one).
    const accountOthers = (counts.get(accountKey)?.n ?? 1) - 1;
    const powLevel = accountOthers < ACCOUNT_POW_AFTER ? 0 : Math.min(MAX_POW_LEVEL, 1 + Math.floor((accountOthers - ACCOUNT_POW_AFTER) / FAILURES_PER_LEVEL));
    return { counters, pairKey, powLevel, at: now };
  }

  /** No password was checked (no proof-of-work): the attempt does not count. */
  async release(r: Reservation): Promise<void> {
    await this.repo.unbumpCounters(r.counters);
  }

  /** The password was wrong: the attempt stays counted under each key. */
  async failed(r: Reservation): Promise<void> {
    await this.repo.pruneCounters(r.at - ATTEMPT_WINDOW_MS);
  }

  /**
   * Signed in: every count gives the attempt back, so an owner who signs in often is never
   * locked out. A burst still gets at most 10 wrong guesses checked: each stays counted from
   * its reservation on, and only a right password, which needs no more guessing, is returned.
   */
  async succeeded(r: Reservation): Promise<void> {
    await this.repo.unbumpCounters(r.counters);
  }
}
