// Which account a verified OIDC identity signs in to, and the consent step of a first sign-in:
// an identity whose account has not accepted the terms and confirmed being 13 or older (a new
// one, or an older OIDC account) is parked as a pending sign-up, bound to the browser by a
// cookie, until the person accepts in the consent dialog; only then is the account created.
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { normalizeEmail, splitAtFirstSpace } from '../users/profile.ts';
import type { UsersService } from '../users/service.ts';
import type { OidcClaims } from './oidc.ts';
import type { AuthRepository } from './repository.ts';
import type { RequestInfo } from './service.ts';
import { hashToken, newToken } from './tokens.ts';

export const CONSENT_TTL_MS = 10 * 60 * 1000;

export type OidcOutcome = { kind: 'signed-in'; user: UserRow } | { kind: 'consent-required'; uid: string | null };

const hasConsent = (u: UserRow) => u.terms_accepted_at !== null && u.age_confirmed_at !== null;
const expired = () => badRequest('oidc_consent_expired', 'This sign-in has expired. Please sign in with your provider again.');

export class OidcAccounts {
  constructor(
    private readonly config: Config,
    private readonly repo: AuthRepository,
    private readonly users: UsersService,
  ) {}

  /** The account for a verified identity: known identity, linked e-mail account, or consent first. */
  async resolve(claims: OidcClaims, now = Date.now()): Promise<OidcOutcome> {
    const knownUid = await this.repo.findIdentity(claims.issuer, claims.subject);
    const known = knownUid ? await this.users.findByUid(knownUid) : undefined;
    if (known) return hasConsent(known) ? { kind: 'signed-in', user: known } : { kind: 'consent-required', uid: known.uid };
    if (!claims.email) throw new AppError(400, 'oidc_email_missing', 'The provider did not share an e-mail address.');
    const existing = await this.users.findByEmail(claims.email);
    if (!existing) return { kind: 'consent-required', uid: null };
    // Linking on an unverified e-mail would let anyone who types a victim's address take the account.
    if (!claims.emailVerified) {
      throw new AppError(409, 'oidc_email_unverified', 'An account already uses this e-mail. Sign in with your password.');
    }
    if (!hasConsent(existing)) return { kind: 'consent-required', uid: existing.uid };
    return { kind: 'signed-in', user: await this.link(existing, claims, now) };
  }

  /** Parks the identity until the person consents; returns the browser's cookie value. */
  async park(claims: OidcClaims, uid: string | null, info: RequestInfo, now = Date.now()): Promise<string> {
    const token = newToken();
    await this.repo.insertPendingSignup(
      {
        token_hash: hashToken(token),
        issuer: claims.issuer,
        subject: claims.subject,
        uid,
        claims: JSON.stringify(claims),
        ip: info.ip,
        expires_at: now + CONSENT_TTL_MS,
      },
      now,
    );
    return token;
  }

  /** What the consent dialog shows: the e-mail and name the account will have. */
  async pending(token: string | undefined, now = Date.now()): Promise<{ email: string; name: string }> {
    const row = token ? await this.repo.findPendingSignup(hashToken(token), now) : undefined;
    if (!row) throw expired();
    const claims = JSON.parse(row.claims) as OidcClaims;
    return { email: claims.email ?? '', name: claims.name ?? '' };
  }

  /** The person accepted: records the consent, creates (or links) the account, once. */
  async consent(token: string | undefined, body: { termsAccepted?: boolean; ageConfirmed?: boolean }, now = Date.now()): Promise<UserRow> {
    if (body.termsAccepted !== true) throw badRequest('terms_required', 'Please accept the Terms of Use and the Privacy Policy.');
    if (body.ageConfirmed !== true) throw badRequest('age_required', 'Please confirm that you are 13 or older.');
    const row = token ? await this.repo.takePendingSignup(hashToken(token), now) : undefined;
    if (!row) throw expired();
    const claims = JSON.parse(row.claims) as OidcClaims;
    const consent = { version: this.config.TERMS_VERSION, at: now, method: 'oidc-consent' as const };
    if (row.uid) {
      const user = await this.users.findByUid(row.uid);
      if (!user) throw expired();
      await this.users.recordConsent(user.uid, consent);
      return this.link(user, claims, now);
    }
    const [nom, prenom] = splitAtFirstSpace(claims.name ?? '');
    const user = await this.users.create({
      email: claims.email ?? '',
      passwordHash: null,
      nom,
      prenom,
      pic: claims.picture,
      ip: row.ip,
      emailVerified: claims.emailVerified,
      terms: { version: consent.version, acceptedAt: now },
      consentMethod: 'oidc-consent',
      ageConfirmedAt: now,
    });
    await this.repo.insertIdentity(claims.issuer, claims.subject, user.uid, now);
    return user;
  }

  async cancel(token: string | undefined): Promise<void> {
    if (token) await this.repo.deletePendingSignup(hashToken(token));
  }

  /** Links the identity to the account (once) and trusts the provider's verified e-mail. */
  private async link(user: UserRow, claims: OidcClaims, now: number): Promise<UserRow> {
    if (!(await this.repo.findIdentity(claims.issuer, claims.subject))) await this.repo.insertIdentity(claims.issuer, claims.subject, user.uid, now);
    if (!user.email_verified && claims.emailVerified && claims.email && normalizeEmail(claims.email) === user.email) await this.users.markEmailVerified(user.uid);
    return (await this.users.findByUid(user.uid)) ?? user;
  }
}
