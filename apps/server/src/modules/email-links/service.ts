// Links sent by e-mail: a forgotten password's reset, the confirmation of the address after
// sign-up, and a change of address (effective once the new address follows its link). Each
// link carries a single-use token of 256 random bits; only its SHA-256 is stored.
import type { MailLanguage } from '@visage/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { MailOutbox } from '../../infra/mail/index.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { UserRow } from '../users/repository.ts';
import { normalizeEmail } from '../users/profile.ts';
import type { UsersService } from '../users/service.ts';
import type { MailLimits } from './limits.ts';
import { composeMail, type MailKind } from './messages.ts';
import type { EmailLinksRepository, LinkPurpose } from './repository.ts';

export const RESET_TTL_MS = 3600_000;
export const CONFIRM_TTL_MS = 48 * 3600_000;

const invalidLink = () => new AppError(400, 'invalid_link', 'This link is invalid or has expired. Please ask for a new one.');

export class EmailLinksService {
  private readonly base: string;

  constructor(
    config: Config,
    private readonly repo: EmailLinksRepository,
    private readonly limits: MailLimits,
    private readonly users: UsersService,
    /** null: mail is off (production without SMTP_URL). */
    private readonly outbox: MailOutbox | null,
  ) {
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    this.base = (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/+$/, '');
  }

  /** True when mails really go out (SMTP): sign-up then keeps whether an address is taken to the mailbox. */
  get delivers(): boolean {
    return this.outbox?.kind === 'smtp';
  }

  /** False when nothing can be sent: unconfirmed addresses then stay free to swap. */
  get enabled(): boolean {
    return this.outbox !== null;
  }

  // Password reset -----------------------------------------------------------------
  /** The same work and the same answer whether the address has an account or not; the mail goes in the background. */
  async requestReset(email: string, language: MailLanguage, ip: string, now = Date.now()): Promise<void> {
    const outbox = this.requireOutbox();
    const address = normalizeEmail(email);
    await this.limits.assert(address, ip, now);
    const user = await this.users.findByEmail(address);
    const token = newToken();
    const link = this.link('/reset-password', token);
    const mail = composeMail('reset', language, link);
    if (!user) return;
    await this.repo.insert({ token_hash: hashToken(token), uid: user.uid, purpose: 'reset', email: user.email, created_at: now, expires_at: now + RESET_TTL_MS });
    outbox.post({ to: user.email, ...mail, link });
  }

  /** Sets the new password, spends the link, and signs out every session of the account. */
  async resetPassword(token: string, password: string, now = Date.now()): Promise<void> {
    const hash = hashToken(token);
    const row = await this.repo.find(hash, ['reset'], now);
    const user = row ? await this.users.findByUid(row.uid) : undefined;
    if (!row || !user) throw invalidLink();
    // Checked before the link is spent, so a refused password does not cost the person their link.
    await assertPasswordAllowed(password, user.email);
    const passwordHash = await hashPassword(password);
    if (!(await this.repo.take(hash, ['reset'], now))) throw invalidLink();
    await this.users.setPasswordHash(user.uid, passwordHash);
    await this.repo.deleteFor(user.uid, ['reset']);
    await this.repo.deleteSessions(user.uid);
    // The link reached the account's own address: that proves it as well as a confirmation link.
    if (row.email === user.email && !user.email_verified) await this.users.markEmailVerified(user.uid);
  }

  // Confirmation --------------------------------------------------------------------
  /** After a sign-up: the confirmation link (nothing when mail is off). */
  async signedUp(user: UserRow, language: MailLanguage, now = Date.now()): Promise<void> {
    if (!this.outbox || user.email_verified) return;
    await this.sendLink(user.uid, user.email, 'verify', language, now);
  }

  /** A sign-up with an address that has an account: its owner is told, at most as often as the limits allow. */
  async signUpTaken(email: string, language: MailLanguage, now = Date.now()): Promise<void> {
    if (!this.outbox) return;
    const address = normalizeEmail(email);
    if (!(await this.limits.take(address, null, now)).ok) return;
    const link = `${this.base}/forgot-password`;
    this.outbox.post({ to: address, ...composeMail('taken', language, link), link });
  }

  /** "Send the link again" (account page, or a swap refused for an unconfirmed address). */
  async resendConfirmation(uid: string, language: MailLanguage, ip: string, now = Date.now()): Promise<void> {
    this.requireOutbox();
    const user = await this.users.current(uid);
    if (user.email_verified) throw new AppError(409, 'already_confirmed', 'This address is already confirmed.');
    await this.limits.assert(user.email, ip, now);
    await this.sendLink(uid, user.email, 'verify', language, now);
  }

  /** Needs the password; the new address gets a link and takes effect once it is followed. */
  async requestChange(uid: string, input: { newEmail: string; password: string }, language: MailLanguage, ip: string, now = Date.now()): Promise<void> {
    this.requireOutbox();
    const user = await this.users.current(uid);
    if (!user.password_hash) {
      throw new AppError(400, 'password_required', 'This account has no password yet. Set one with “Forgot password?” on the sign-in page first.', [{ path: ['password'] }]);
    }
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw new AppError(400, 'invalid_current_password', 'The current password is not correct.', [{ path: ['password'] }]);
    }
    const address = normalizeEmail(input.newEmail);
    if (address === user.email) throw new AppError(400, 'same_email', 'This is already the address of your account.', [{ path: ['newEmail'] }]);
    await this.limits.assert(user.email, ip, now);
    if (await this.users.findByEmail(address)) throw new AppError(409, 'email_in_use', 'An account already exists with this e-mail.', [{ path: ['newEmail'] }]);
    // One change at a time: an earlier link to another address stops working.
    await this.repo.deleteFor(uid, ['change']);
    await this.sendLink(uid, address, 'change', language, now);
  }

  /** Follows a confirmation or change link, once. */
  async confirm(token: string, now = Date.now()): Promise<{ status: 'confirmed' | 'changed'; email: string }> {
    const row = await this.repo.take(hashToken(token), ['verify', 'change'], now);
    const user = row ? await this.users.findByUid(row.uid) : undefined;
    if (!row || !user) throw invalidLink();
    if (row.purpose === 'change') {
      await this.users.changeEmail(user.uid, row.email);
      // Links sent to the old address must not act on the account any more.
      await this.repo.deleteFor(user.uid, ['reset', 'verify', 'change']);
      return { status: 'changed', email: row.email };
    }
    // A link to an address the account no longer has proves nothing about the current one.
    if (row.email !== user.email) throw invalidLink();
    await this.users.markEmailVerified(user.uid);
    return { status: 'confirmed', email: user.email };
  }

  private async sendLink(uid: string, to: string, purpose: Exclude<LinkPurpose, 'reset'>, language: MailLanguage, now: number): Promise<void> {
    const outbox = this.requireOutbox();
    const token = newToken();
    await this.repo.insert({ token_hash: hashToken(token), uid, purpose, email: to, created_at: now, expires_at: now + CONFIRM_TTL_MS });
    const link = this.link('/verify-email', token);
    const kind: MailKind = purpose;
    outbox.post({ to, ...composeMail(kind, language, link), link });
  }

  private link(path: string, token: string): string {
    return `${this.base}${path}?token=${token}`;
  }

  private requireOutbox(): MailOutbox {
    if (this.outbox) return this.outbox;
    throw new AppError(503, 'mail_unavailable', 'This server cannot send e-mail. Please ask its operator for help.');
  }
}
