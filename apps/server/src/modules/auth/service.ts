// Account rules: sign-up, sign-in (with brute-force limits and no account
// enumeration), sessions, OIDC sign-in and the first admin.
import type { MeResponse, Role, SignInRequest, SignUpRequest } from '@visage/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { capitalizeWords, normalizeEmail, splitAtFirstSpace, toMe } from '../users/profile.ts';
import type { UsersService } from '../users/service.ts';
import type { BotCheck } from './bot-check.ts';
import type { SessionUser } from './guards.ts';
import type { OidcClaims } from './oidc.ts';
import { assertPasswordAllowed, hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account and per IP in the window; the next one gets 429. */
export const MAX_FAILURES = 10;
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

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect e-mail or password.');

export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly repo: AuthRepository,
    private readonly users: UsersService,
    private readonly botCheck: BotCheck,
  ) {}

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
  async signUp(input: SignUpRequest, info: RequestInfo): Promise<SignedIn> {
    if (input.termsAccepted !== true) {
      throw new AppError(400, 'terms_required', 'Please accept the Terms of Use and the Privacy Policy.');
    }
    // Cheap checks first so the client never solves a challenge for a form that cannot pass.
    assertPasswordAllowed(input.password, input.email);
    if (!input.altcha) throw new AppError(400, 'bot_check_required', 'Please complete the verification.');
    if (!(await this.botCheck.verify(input.altcha))) {
      throw new AppError(400, 'bot_check_failed', 'The verification failed. Please try again.');
    }
    const user = await this.users.create({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      nom: capitalizeWords(input.firstName),
      prenom: capitalizeWords(input.lastName),
      ip: info.ip,
      terms: { version: this.config.TERMS_VERSION, acceptedAt: Date.now() },
    });
    return this.createSession(user, info);
  }

  // E-mail sign-in -----------------------------------------------------------
  async signIn(input: SignInRequest, info: RequestInfo, now = Date.now()): Promise<SignedIn> {
    const email = normalizeEmail(input.email);
    const accountKey = `account:${email}`;
    const ipKey = `ip:${info.ip}`;
    const since = now - FAILURE_WINDOW_MS;
    const [byAccount, byIp] = await Promise.all([this.repo.countFailures(accountKey, since), this.repo.countFailures(ipKey, since)]);
    if (byAccount >= MAX_FAILURES || byIp >= MAX_FAILURES) {
      throw new AppError(429, 'too_many_attempts', 'Too many sign-in attempts. Please wait 15 minutes and try again.');
    }
    const user = await this.users.findByEmail(email);
    // Unknown e-mails and password-less accounts cost one argon2 verification too.
    const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
    if (!user || !ok) {
      await this.repo.addFailures([accountKey, ipKey], now, since);
      throw invalidCredentials();
    }
    await this.repo.clearFailures(accountKey);
    return this.createSession(user, info, now);
  }

  // OIDC -----------------------------------------------------------------------
  /** The account for a verified OIDC identity: known identity, linked e-mail account, or a new profile. */
  async oidcAccount(claims: OidcClaims, info: RequestInfo): Promise<UserRow> {
    const now = Date.now();
    const knownUid = await this.repo.findIdentity(claims.issuer, claims.subject);
    if (knownUid) {
      const user = await this.users.findByUid(knownUid);
      if (user) return user;
    }
    if (!claims.email) throw new AppError(400, 'oidc_email_missing', 'The provider did not share an e-mail address.');
    const existing = await this.users.findByEmail(claims.email);
    if (existing) {
      // Linking on an unverified e-mail would let anyone who types a victim's address take the account.
      if (!claims.emailVerified) {
        throw new AppError(409, 'oidc_email_unverified', 'An account already uses this e-mail. Sign in with your password.');
      }
      await this.repo.insertIdentity(claims.issuer, claims.subject, existing.uid, now);
      if (!existing.email_verified) await this.users.markEmailVerified(existing.uid);
      return (await this.users.findByUid(existing.uid)) ?? existing;
    }
    const [nom, prenom] = splitAtFirstSpace(claims.name ?? '');
    const user = await this.users.create({
      email: claims.email,
      passwordHash: null,
      nom,
      prenom,
      pic: claims.picture,
      ip: info.ip,
      emailVerified: claims.emailVerified,
    });
    await this.repo.insertIdentity(claims.issuer, claims.subject, user.uid, now);
    return user;
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
    if (input.password && !(existing && options.keepPassword)) assertPasswordAllowed(input.password, input.email);
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
    });
    return { user, created: true };
  }
}
