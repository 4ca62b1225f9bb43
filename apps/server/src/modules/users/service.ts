// Profiles: creation at first sign-up / first OIDC sign-in, reads, and the
// monthly usage period (usage back to 0 once resetDate is reached).
import { randomUUID } from 'node:crypto';
import { PLANS, type MeResponse, type Role, type UserProfile } from '@visage/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Db } from '../../infra/db/database.ts';
import { allowanceOf, videoAllowanceOf } from '../billing/plan.ts';
import { isUniqueViolation, UsersRepository, type UserRow } from './repository.ts';
import { DEFAULT_AVATAR_PATH, nextResetDate, normalizeEmail, toMe, toProfile, today } from './profile.ts';

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  role?: Role;
  nom: string;
  prenom: string;
  pic?: string;
  ip: string;
  emailVerified?: boolean;
  terms?: { version: string; acceptedAt: number };
  /** How the terms were accepted (recorded with them). */
  consentMethod?: ConsentMethod;
  /** When the person confirmed being 13 or older. */
  ageConfirmedAt?: number;
}

export type ConsentMethod = 'signup-form' | 'oidc-consent' | 'admin-cli';

/** An unconfirmed address may swap this long after sign-up; then it must be confirmed first. */
export const CONFIRM_WITHIN_MS = 7 * 24 * 3600 * 1000;

/** Image swaps a month on the free tier; the legal texts quote the same number. */
export const FREE_MONTHLY_SWAPS = PLANS.free.imageSwaps ?? 0;

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    /** False when no mail can be sent (production without SMTP): nobody could confirm, so nobody is stopped. */
    private readonly confirmationRequired = true,
  ) {}

  /** Creates the account and its profile (subscription free, usage 0, resetDate next month). */
  async create(input: NewAccount, now = new Date()): Promise<UserRow> {
    const ms = now.getTime();
    const row: UserRow = {
      uid: randomUUID().replace(/-/g, ''),
      email: normalizeEmail(input.email),
      password_hash: input.passwordHash,
      role: input.role ?? 'user',
      pic: input.pic || DEFAULT_AVATAR_PATH,
      nom: input.nom,
      prenom: input.prenom,
      gender: '',
      birthday: '',
      pays: '',
      ville: '',
      email_verified: input.emailVerified ? 1 : 0,
      ip: input.ip,
      subscription: 'free',
      customer_id: '',
      usage: 0,
      video_usage: 0,
      reset_date: nextResetDate(now),
      terms_version: input.terms?.version ?? null,
      terms_accepted_at: input.terms?.acceptedAt ?? null,
      consent_method: input.terms ? (input.consentMethod ?? 'signup-form') : null,
      age_confirmed_at: input.ageConfirmedAt ?? null,
      created_at: ms,
      updated_at: ms,
      stripe_subscription_id: null,
      stripe_plan: null,
      subscription_status: null,
      current_period_end: null,
      cancel_at_period_end: 0,
      subscription_created: null,
      subscription_version: null,
      invoice_failed_at: null,
      invoice_paid_at: null,
      color_scheme: 'system',
      email_confirm_by: input.emailVerified ? null : ms + CONFIRM_WITHIN_MS,
    };
    try {
      await this.repo.insert(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'email_in_use', 'An account already exists with this e-mail.');
      throw err;
    }
    return row;
  }

  findByUid(uid: string): Promise<UserRow | undefined> {
    return this.repo.findByUid(uid);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repo.findByEmail(normalizeEmail(email));
  }

  /** Records the terms (version, time, method) and the age confirmation of an existing account. */
  async recordConsent(uid: string, consent: { version: string; at: number; method: ConsentMethod }): Promise<void> {
    await this.repo.update(uid, {
      terms_version: consent.version,
      terms_accepted_at: consent.at,
      consent_method: consent.method,
      age_confirmed_at: consent.at,
      updated_at: consent.at,
    });
  }

  async setRole(uid: string, role: Role): Promise<void> {
    await this.repo.update(uid, { role, updated_at: Date.now() });
  }

  async setPasswordHash(uid: string, passwordHash: string): Promise<void> {
    await this.repo.update(uid, { password_hash: passwordHash, updated_at: Date.now() });
  }

  async markEmailVerified(uid: string): Promise<void> {
    await this.repo.update(uid, { email_verified: 1, email_confirm_by: null, updated_at: Date.now() });
  }

  /** The new address, confirmed by the link it received; 409 when another account took it meanwhile. */
  async changeEmail(uid: string, email: string): Promise<void> {
    try {
      await this.repo.update(uid, { email: normalizeEmail(email), email_verified: 1, email_confirm_by: null, updated_at: Date.now() });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'email_in_use', 'An account already exists with this e-mail.');
      throw err;
    }
  }

  /** 403 once an unconfirmed address is past its 7 days (operators and admins are never stopped). */
  assertEmailConfirmed(row: UserRow, now = Date.now()): void {
    if (!this.confirmationRequired || row.role !== 'user' || row.email_verified || row.email_confirm_by === null || now < row.email_confirm_by) return;
    throw new AppError(403, 'email_unconfirmed', 'Please confirm your e-mail address to keep swapping: follow the link we sent you, or ask for a new one.');
  }

  /** The row with its usage period brought up to date (usage 0 and a new resetDate once the date is reached). */
  async current(uid: string, now = new Date()): Promise<UserRow> {
    const row = await this.repo.findByUid(uid);
    if (!row) throw notFound('No such user.');
    if (today(now) >= row.reset_date) {
      await this.repo.rollPeriod(uid, row.reset_date, nextResetDate(now), now.getTime());
      return (await this.repo.findByUid(uid)) ?? row;
    }
    return row;
  }

  /**
   * A cheap early refusal before any image is decoded: throws 402 when a free user's allowance
   * cannot fit `count` more swaps. Not authoritative (reserveSwaps is); it only saves work.
   */
  async assertCanSwap(uid: string, count = 1, now = new Date()): Promise<void> {
    const row = await this.current(uid, now);
    this.assertEmailConfirmed(row, now.getTime());
    const limit = limitOf(row, now);
    if (limit !== null && row.usage + count > limit) throw quotaExceeded(row);
  }

  /**
   * Reserves `count` swaps of the allowance inside the caller's transaction `tx` (the one that
   * inserts the swap rows): rolls the monthly period if due, then one conditional UPDATE. usage
   * counts reserved swaps (queued, running, done) of the period. Returns the period charged.
   */
  async reserveSwaps(tx: Db, uid: string, count: number, now = new Date()): Promise<string> {
    const repo = new UsersRepository(tx);
    await repo.rollPeriodIfDue(uid, today(now), nextResetDate(now), now.getTime());
    const row = await repo.findByUid(uid);
    if (!row) throw notFound('No such user.');
    this.assertEmailConfirmed(row, now.getTime());
    const period = await repo.reserveUsage(uid, count, limitOf(row, now), now.getTime());
    if (period) return period;
    throw quotaExceeded(row);
  }

  /** Gives back swaps reserved in `period` (a failed swap); call once per swap (the caller guards it). */
  async releaseSwaps(tx: Db, uid: string, count: number, period: string, now = new Date()): Promise<void> {
    await new UsersRepository(tx).releaseUsage(uid, count, period, now.getTime());
  }

  /**
   * The early refusal of a video swap, before the clip is read: 402 video_plan_required on a plan
   * without video, 402 video_quota_exceeded once the month's are used. Answers the current row.
   */
  async assertCanSwapVideo(uid: string, now = new Date()): Promise<UserRow> {
    const row = await this.current(uid, now);
    this.assertEmailConfirmed(row, now.getTime());
    assertVideoLeft(row, videoLimitOf(row, now));
    return row;
  }

  /** Reserves one video swap inside the transaction `tx` that inserts its row (as reserveSwaps); the period charged. */
  async reserveVideo(tx: Db, uid: string, now = new Date()): Promise<string> {
    const repo = new UsersRepository(tx);
    await repo.rollPeriodIfDue(uid, today(now), nextResetDate(now), now.getTime());
    const row = await repo.findByUid(uid);
    if (!row) throw notFound('No such user.');
    this.assertEmailConfirmed(row, now.getTime());
    const limit = videoLimitOf(row, now);
    assertVideoLeft(row, limit);
    const period = await repo.reserveVideoUsage(uid, limit, now.getTime());
    if (period) return period;
    throw videoQuotaExceeded(row, limit ?? 0);
  }

  /** Gives back the video swap reserved in `period` (failed, cancelled or refused); the caller guards once. */
  async releaseVideo(tx: Db, uid: string, period: string, now = new Date()): Promise<void> {
    await new UsersRepository(tx).releaseVideoUsage(uid, period, now.getTime());
  }

  async me(uid: string): Promise<MeResponse> {
    return toMe(await this.current(uid));
  }

  async personalData(uid: string): Promise<UserProfile> {
    return toProfile(await this.current(uid));
  }
}

/** Monthly image swaps of the plan in force (billing's rule); operators and admins have no limit. */
export function limitOf(row: UserRow, now: Date = new Date()): number | null {
  return allowanceOf(row, now.getTime());
}

/** The row's monthly video swaps (0: none on its plan); null = unlimited. */
export function videoLimitOf(row: UserRow, now: Date = new Date()): number | null {
  return videoAllowanceOf(row, now.getTime());
}

function assertVideoLeft(row: UserRow, limit: number | null): void {
  if (limit === 0) throw new AppError(402, 'video_plan_required', 'Video swaps come with the Standard and Premium plans.', { limit: 0 });
  if (limit !== null && row.video_usage >= limit) throw videoQuotaExceeded(row, limit);
}

function videoQuotaExceeded(row: UserRow, limit: number): AppError {
  return new AppError(402, 'video_quota_exceeded', `You have used the ${limit} video swaps of this month. They renew on ${row.reset_date}.`, {
    limit,
    resetDate: row.reset_date,
  });
}

function quotaExceeded(row: UserRow): AppError {
  return new AppError(402, 'quota_exceeded', `You have used the ${FREE_MONTHLY_SWAPS} free swaps of this month. They renew on ${row.reset_date}.`, {
    limit: FREE_MONTHLY_SWAPS,
    resetDate: row.reset_date,
  });
}
