// Account rules: sign-up (with the consent and age record), sign-in (with brute-force limits
// and no account enumeration), sessions and the first admin. OIDC accounts: oidc-accounts.ts.
import type { MailLanguage, MeResponse, Role, SignInRequest, SignUpRequest } from '@visage/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { capitalizeWords, normalizeEmail, toMe } from '../users/profile.ts';
import type { UsersService } from '../users/service.ts';
import type { BotCheck } from './bot-check.ts';
import type { SessionUser } from './guards.ts';
import { assertPasswordAllowed, hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { SignInLimits } from './sign-in-limits.ts';
import { hashToken, newToken } from './tokens.ts';

/** A session's last use is recorded at most this often. */
export const SESSION_TOUCH_MS = 60_000;

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

export interface SignedIn {
  me: MeResponse;
  token: string;
  expiresAt: number;
}

/** What sign-up asks of the e-mail links (modules/email-links), handed over by the composition. */
export interface SignUpMail {
  /** True when mails really go out: sign-up then answers "check your inbox" whether the address is taken or not. */
  readonly delivers: boolean;
  signedUp(user: UserRow, language: MailLanguage): Promise<void>;
  signUpTaken(email: string, language: MailLanguage): Promise<void>;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect e-mail or password.');

export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly repo: AuthRepository,
    private readonly users: UsersService,
    private readonly botCheck: BotCheck,
    private readonly limits: SignInLimits = new SignInLimits(repo),
  ) {}

  private mail: SignUpMail | null = null;

  useSignUpMail(mail: SignUpMail): void {
    this.mail = mail;
  }

  // Sessions ---------------------------------------------------------------
  async createSession(user: UserRow, info: RequestInfo, now = Date.now()): Promise<SignedIn> {
    const token = newToken();
    const expiresAt = now + this.config.SESSION_TTL_DAYS * 24 * 3600 * 1000;
    await this.repo.deleteExpiredSessions(user.uid, now);
    await this.repo.insertSession({
      token_hash: hashToken(token),
      uid: user.uid,
      created_at: now,
      expires_at: expiresAt,
      ip: info.ip,
      user_agent: info.userAgent.slice(0, 255),
      last_used_at: now,
    });
    return { me: toMe(user), token, expiresAt };
  }

  async resolveSession(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const now = Date.now();
    const hash = hashToken(token);
    const found = await this.repo.findSessionUser(hash, now);
    if (!found) return null;
    const { last_used_at: lastUsed, ...user } = found;
    // The account page shows when each session was last used; one write a minute at most.
    if (lastUsed === null || now - lastUsed >= SESSION_TOUCH_MS) await this.repo.touchSession(hash, now);
    return user;
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.repo.deleteSession(hashToken(token));
  }

  // E-mail sign-up -----------------------------------------------------------
  /** `checkInbox`: mail goes out, so nobody learns here whether the address had an account (no session either way). */
  async signUp(input: SignUpRequest, info: RequestInfo): Promise<SignedIn | { checkInbox: true }> {
    if (input.termsAccepted !== true) {
      throw new AppError(400, 'terms_required', 'Please accept the Terms of Use and the Privacy Policy.');
    }
    if (input.ageConfirmed !== true) throw new AppError(400, 'age_required', 'Please confirm that you are 13 or older.');
    // Cheap checks first so the client never solves a challenge for a form that cannot pass.
    await assertPasswordAllowed(input.password, input.email);
    if (!input.altcha) throw new AppError(400, 'bot_check_required', 'Please complete the verification.');
    const now = Date.now();
    if (!(await this.botCheck.verify(input.altcha, now))) {
      throw new AppError(400, 'bot_check_failed', 'The verification failed. Please try again.');
    }
    const language = input.language ?? 'en';
    // Hashed before the address is looked at: a taken address costs the same time as a new one.
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await this.users.create({
        email: input.email,
        passwordHash,
        nom: capitalizeWords(input.firstName),
        prenom: capitalizeWords(input.lastName),
        ip: info.ip,
        terms: { version: this.config.TERMS_VERSION, acceptedAt: now },
        consentMethod: 'signup-form',
        ageConfirmedAt: now,
      });
    } catch (err) {
      if (!(this.mail?.delivers && err instanceof AppError && err.code === 'email_in_use')) throw err;
      await this.mail.signUpTaken(input.email, language);
      return { checkInbox: true };
    }
    await this.mail?.signedUp(user, language);
    return this.mail?.delivers ? { checkInbox: true } : this.createSession(user, info);
  }

  // E-mail sign-in -----------------------------------------------------------
  async signIn(input: SignInRequest, info: RequestInfo, now = Date.now()): Promise<SignedIn> {
    const email = normalizeEmail(input.email);
    // Reserved before the password check, so concurrent attempts cannot all pass the limit.
    const attempt = await this.limits.reserve(email, info.ip, now);
    let outcome: 'refused' | 'failed' | 'ok' = 'refused';
    let user: UserRow | undefined;
    try {
      if (attempt.powLevel > 0) await this.assertSignInProofOfWork(input.altcha, attempt.powLevel, now);
      outcome = 'failed';
      user = await this.users.findByEmail(email);
      // Unknown e-mails and password-less accounts cost one argon2 verification too.
      const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
      if (!user || !ok) throw invalidCredentials();
      outcome = 'ok';
    } finally {
      if (outcome === 'refused') await this.limits.release(attempt);
      else if (outcome === 'failed') await this.limits.failed(attempt);
      else await this.limits.succeeded(attempt);
    }
    return this.createSession(user, info, now);
  }

  /** An account under attack: the sign-in carries a solved challenge of the level asked; the answer brings a fresh one. */
  private async assertSignInProofOfWork(altcha: string | undefined, level: number, now: number): Promise<void> {
    if (altcha && (await this.botCheck.verify(altcha, now, level))) return;
    const details = { challenge: await this.botCheck.challenge(now, level) };
    if (!altcha) throw new AppError(400, 'bot_check_required', 'Please complete the verification.', details);
    throw new AppError(400, 'bot_check_failed', 'The verification failed. Please try again.', details);
  }

  // Operators' tools -------------------------------------------------------------
  /**
   * Creates an account with `role`, or gives an existing one that role (and the
   * new password when one is given). Used by the CLI and ADMIN_EMAIL at start.
   */
  async upsertAccount(
    input: { email: string; password?: string; role: Role; firstName?: string; lastName?: string },
    options: { keepPassword?: boolean } = {},
  ): Promise<{ user: UserRow; created: boolean }> {
    const existing = await this.users.findByEmail(input.email);
    if (input.password && !(existing && options.keepPassword)) await assertPasswordAllowed(input.password, input.email);
    if (existing) {
      if (existing.role !== input.role) await this.users.setRole(existing.uid, input.role);
      if (input.password && !options.keepPassword) await this.users.setPasswordHash(existing.uid, await hashPassword(input.password));
      return { user: (await this.users.findByUid(existing.uid)) ?? existing, created: false };
    }
    if (!input.password) throw new AppError(400, 'weak_password', 'A password is required to create an account.');
    const user = await this.users.create({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      nom: capitalizeWords(input.firstName ?? ''),
      prenom: capitalizeWords(input.lastName ?? ''),
      ip: '127.0.0.1',
      // The operator who creates the account records the consent and the age on the person's behalf.
      terms: { version: this.config.TERMS_VERSION, acceptedAt: Date.now() },
      consentMethod: 'admin-cli',
      ageConfirmedAt: Date.now(),
      // The operator who creates the account vouches for its address.
      emailVerified: true,
    });
    return { user, created: true };
  }
}
