// The account page's rules: profile names, avatar, password, sessions, and erasure of the
// whole account (every module's eraser, then the account's own rows).
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AccountResponse, ChangePasswordRequest, ColorScheme, UpdateProfileRequest } from '@visage/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { capitalizeWords } from '../users/profile.ts';
import { limitOf, videoLimitOf, type UsersService } from '../users/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import { avatarKey } from './core-data.ts';
import type { AccountDataRegistry } from './registry.ts';
import type { AccountRepository } from './repository.ts';
import { describeUserAgent, readUserAgent } from './user-agent.ts';

/** The id the page uses for a session: derived from its stored hash, which never leaves the server. */
export const sessionId = (tokenHash: string) => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 32);

export class AccountService {
  constructor(
    private readonly config: Config,
    private readonly repo: AccountRepository,
    private readonly usersRepo: UsersRepository,
    private readonly users: UsersService,
    private readonly storage: Storage,
    private readonly registry: AccountDataRegistry,
    private readonly intake: ImageIntake,
  ) {}

  async summary(uid: string, currentHash: string | null): Promise<AccountResponse> {
    const u = await this.users.current(uid);
    const now = Date.now();
    const [sessions, identities, pendingEmail] = await Promise.all([this.repo.listSessions(uid, now), this.repo.identities(uid), this.repo.pendingEmail(uid, now)]);
    const consent: AccountResponse['consent'] = { termsVersion: u.terms_version, acceptedAt: u.terms_accepted_at };
    // Consent columns added later (method, age confirmation) show as they are.
    for (const [k, v] of Object.entries(u)) if (/^(consent_|age_)/.test(k)) consent[k] = v;
    return {
      uid: u.uid,
      email: u.email,
      firstName: u.nom,
      lastName: u.prenom,
      avatarUrl: u.pic,
      hasPassword: !!u.password_hash,
      emailVerified: u.email_verified === 1,
      emailConfirmBy: u.email_verified ? null : u.email_confirm_by,
      pendingEmail,
      identities: identities.map((i) => ({ issuer: i.issuer, provider: this.providerName(i.issuer), linkedAt: i.created_at })),
      plan: { subscription: u.subscription, usage: u.usage, limit: limitOf(u), resetDate: u.reset_date, videoUsage: u.video_usage, videoLimit: videoLimitOf(u) },
      consent,
      sessions: sessions.map((s) => ({
        id: sessionId(s.token_hash),
        device: describeUserAgent(s.user_agent),
        ...readUserAgent(s.user_agent),
        ip: s.ip,
        createdAt: s.created_at,
        lastUsedAt: s.last_used_at,
        current: s.token_hash === currentHash,
      })),
      createdAt: u.created_at,
    };
  }

  async updateProfile(uid: string, input: UpdateProfileRequest): Promise<void> {
    await this.usersRepo.update(uid, { nom: capitalizeWords(input.firstName), prenom: capitalizeWords(input.lastName), updated_at: Date.now() });
  }

  async setColorScheme(uid: string, colorScheme: ColorScheme): Promise<void> {
    await this.usersRepo.update(uid, { color_scheme: colorScheme, updated_at: Date.now() });
  }

  /** Checked like any photo (type by its bytes, pixel cap, re-encoded), cut to a 256 px square. */
  async setAvatar(uid: string, upload: Buffer): Promise<string> {
    const clean = await this.intake.clean(upload);
    const body = await sharp(clean.body).resize(256, 256, { fit: 'cover' }).jpeg({ quality: 88 }).toBuffer();
    const name = `${randomBytes(15).toString('hex')}.jpg`;
    await this.storage.put(`avatars/${uid}/${name}`, body, 'image/jpeg');
    const pic = `/app/api/media/avatars/${uid}/${name}`;
    // The picture replaced is the one this update took the place of: two uploads at once each
    // drop their own predecessor, and no file is left without the row pointing at it.
    let before: string;
    do before = (await this.users.current(uid)).pic;
    while (!(await this.usersRepo.replacePic(uid, before, pic, Date.now())));
    const old = avatarKey(before);
    if (old) await this.storage.delete(old);
    return pic;
  }

  /** The caller's own avatar file; anyone else's answers 404. */
  async avatar(uid: string, ownerUid: string, name: string): Promise<Buffer> {
    const key = `avatars/${ownerUid}/${name}`;
    const u = uid === ownerUid ? await this.users.current(uid) : null;
    const file = u && avatarKey(u.pic) === key ? await this.storage.get(key) : null;
    if (!file) throw new AppError(404, 'not_found', 'Not found.');
    return file.body;
  }

  /** Needs the current password; every other session is signed out. */
  async changePassword(uid: string, input: ChangePasswordRequest, currentHash: string | null): Promise<void> {
    const u = await this.users.current(uid);
    if (!u.password_hash || !(await verifyPassword(u.password_hash, input.currentPassword))) {
      throw new AppError(400, 'invalid_current_password', 'The current password is not correct.', [{ path: ['currentPassword'] }]);
    }
    await assertPasswordAllowed(input.newPassword, u.email);
    await this.users.setPasswordHash(uid, await hashPassword(input.newPassword));
    await this.repo.deleteSessionsExcept(uid, currentHash);
  }

  async revokeSession(uid: string, id: string): Promise<void> {
    const match = (await this.repo.listSessions(uid, Date.now())).find((s) => sessionId(s.token_hash) === id);
    if (!match) throw new AppError(404, 'not_found', 'Not found.');
    await this.repo.deleteSession(uid, match.token_hash);
  }

  async revokeAllSessions(uid: string): Promise<void> {
    await this.repo.deleteSessionsExcept(uid, null);
  }

  /**
   * Erases the account: confirmed by its e-mail; sessions first (nothing new can start), then
   * each module's eraser (swaps and their jobs and files, exports, saved faces, billing), then
   * the account's own rows. What the law requires to keep is kept by its module (see privacy page).
   */
  async erase(uid: string, confirmEmail: string): Promise<void> {
    const u = await this.users.current(uid);
    if (confirmEmail.trim().toLowerCase() !== u.email) {
      throw new AppError(400, 'email_mismatch', 'Type the e-mail address of this account to confirm.', [{ path: ['email'] }]);
    }
    await this.repo.deleteSessionsExcept(uid, null);
    for (const eraser of this.registry.erasers) await eraser.erase(uid, { email: u.email });
    await this.repo.deleteAccountRows(uid, u.email);
    // Nothing new can be charged to the account now (a swap reserves on its row): sweep what came meanwhile.
    for (const eraser of this.registry.erasers) if (eraser.again) await eraser.erase(uid, { email: u.email });
  }

  private providerName(issuer: string): string {
    if (this.config.OIDC_ISSUER ? issuer === this.config.OIDC_ISSUER : issuer.includes('accounts.google.com')) return this.config.OIDC_PROVIDER_NAME;
    try {
      return new URL(issuer).hostname;
    } catch {
      return issuer;
    }
  }
}
