// Profiles: creation at first sign-up / first OIDC sign-in, reads, and the
// monthly usage period (usage back to 0 once resetDate is reached).
import { randomUUID } from 'node:crypto';
import type { MeResponse, Role, UserProfile } from '@visage/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { isUniqueViolation, type UserRow, type UsersRepository } from './repository.ts';
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

/** Image swaps a month on the free tier (legal text, spec §1). */
export const FREE_MONTHLY_SWAPS = 10;

export class UsersService {
  constructor(private readonly repo: UsersRepository) {}

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
      reset_date: nextResetDate(now),
      terms_version: input.terms?.version ?? null,
      terms_accepted_at: input.terms?.acceptedAt ?? null,
      consent_method: input.terms ? (input.consentMethod ?? 'signup-form') : null,
      age_confirmed_at: input.ageConfirmedAt ?? null,
      created_at: ms,
      updated_at: ms,
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
    await this.repo.update(uid, { email_verified: 1, updated_at: Date.now() });
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
   * The free tier's monthly allowance (DECISIONS.md): `pending` swaps already queued count
   * against it too, so ten quick uploads cannot become twenty swaps.
   */
  async assertCanSwap(uid: string, pending: number, now = new Date()): Promise<void> {
    const row = await this.current(uid, now);
    if (row.subscription !== 'free' || row.role !== 'user') return;
    if (row.usage + pending >= FREE_MONTHLY_SWAPS) {
      throw new AppError(402, 'quota_exceeded', `You have used the ${FREE_MONTHLY_SWAPS} free swaps of this month. They renew on ${row.reset_date}.`, {
        limit: FREE_MONTHLY_SWAPS,
        resetDate: row.reset_date,
      });
    }
  }

  /** Counts a finished swap; called once per swap, when it first reaches done. */
  async recordSwap(uid: string, now = new Date()): Promise<void> {
    await this.current(uid, now);
    await this.repo.incrementUsage(uid, now.getTime());
  }

  async me(uid: string): Promise<MeResponse> {
    return toMe(await this.current(uid));
  }

  async personalData(uid: string): Promise<UserProfile> {
    return toProfile(await this.current(uid));
  }
}
