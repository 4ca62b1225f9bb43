// How many mails may be asked for, counted before anything is sent (one atomic upsert of the
// sign-in counters' table, same 15-minute windows): per account (its address, known or not, so
// the answer says nothing about whether it has an account) and per client address.
import { AppError } from '../../http/errors.ts';
import type { AuthRepository } from '../auth/repository.ts';

export const MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Mails about one address in a window. */
export const MAX_MAILS_PER_ACCOUNT = 3;
/** Mails asked for from one client address in a window. */
export const MAX_MAILS_PER_ADDRESS = 10;

export class MailLimits {
  constructor(private readonly counters: Pick<AuthRepository, 'bumpCounters' | 'pruneCounters'>) {}

  /** Counts one mail for `email` from `ip`; false when either is over its limit. */
  async take(email: string, ip: string | null, now: number): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
    const keys = [`mail:${email}`, ...(ip ? [`mail-ip:${ip}`] : [])];
    const counts = await this.counters.bumpCounters(keys, now, now - MAIL_WINDOW_MS);
    // Counters of addresses asked for once (unknown ones included) must not pile up.
    await this.counters.pruneCounters(now - MAIL_WINDOW_MS);
    for (const [key, c] of counts) {
      const max = key.startsWith('mail-ip:') ? MAX_MAILS_PER_ADDRESS : MAX_MAILS_PER_ACCOUNT;
      if (c.n > max) return { ok: false, retryAfter: Math.max(1, Math.ceil((c.windowStart + MAIL_WINDOW_MS - now) / 1000)) };
    }
    return { ok: true };
  }

  /** As take(), but refuses with 429 and Retry-After. */
  async assert(email: string, ip: string | null, now: number): Promise<void> {
    const taken = await this.take(email, ip, now);
    if (!taken.ok) {
      throw new AppError(429, 'too_many_mails', 'Too many e-mails were asked for. Please wait 15 minutes and try again.', { retryAfter: taken.retryAfter }, { 'Retry-After': String(taken.retryAfter) });
    }
  }
}
