import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

const email = z.string().trim().max(254).pipe(z.email());

export const signInRequest = z.object({
  email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** A solved proof-of-work, required once an account has many recent failed sign-ins. */
  altcha: z.string().max(4096).optional(),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const signUpRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  /** The terms checkbox; must be true. */
  termsAccepted: z.boolean(),
  /** The "I am 13 or older" checkbox; must be true (optional here so that its absence gets its own message). */
  ageConfirmed: z.boolean().optional(),
  /** Base64 JSON of a solved proof-of-work challenge (altcha payload). */
  altcha: z.string().max(4096).optional(),
  /** The language of the confirmation mail ('en' | 'fr'). */
  language: z.enum(['en', 'fr']).optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

/** GET /app/api/auth/challenge: a proof-of-work challenge (altcha format). */
export const botChallenge = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof botChallenge>;

/** error.details of a sign-in answered bot_check_required / bot_check_failed: the challenge to solve. */
export const signInBotCheckDetails = z.object({ challenge: botChallenge });
/** error.details of a 429 too_many_attempts: seconds until the next attempt is allowed. */
export const tooManyAttemptsDetails = z.object({ retryAfter: z.number().int() });

/** GET /app/api/auth/config: what the login screen may offer. */
export const authConfigResponse = z.object({
  oidc: z.object({ enabled: z.boolean(), providerName: z.string() }),
  termsVersion: z.string(),
  passwordMinLength: z.number().int(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

/** Message the OIDC popup posts to window.opener when it finishes. */
export const OIDC_MESSAGE_TYPE = 'visage:oidc';
export const oidcPopupMessage = z.object({
  type: z.literal(OIDC_MESSAGE_TYPE),
  ok: z.boolean(),
  code: z.string().optional(),
});
export type OidcPopupMessage = z.infer<typeof oidcPopupMessage>;

/**
 * POST /app/api/auth/oidc/consent: the consent step of a first OIDC sign-in (the callback answered
 * code 'consent_required'). Both must be true; the account is created and signed in.
 */
export const oidcConsentRequest = z.object({
  termsAccepted: z.boolean().optional(),
  ageConfirmed: z.boolean().optional(),
});
export type OidcConsentRequest = z.infer<typeof oidcConsentRequest>;

/** GET /app/api/auth/oidc/consent: who is about to get an account, for the consent dialog. */
export const oidcConsentInfo = z.object({ email: z.string(), name: z.string(), providerName: z.string() });
export type OidcConsentInfo = z.infer<typeof oidcConsentInfo>;

/** Stable error codes of the accounts API (error.code in the error body). */
export const AUTH_ERROR = {
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  botCheckRequired: 'bot_check_required',
  botCheckFailed: 'bot_check_failed',
  emailInUse: 'email_in_use',
  weakPassword: 'weak_password',
  commonPassword: 'common_password',
  termsRequired: 'terms_required',
  ageRequired: 'age_required',
  consentRequired: 'consent_required',
  consentExpired: 'oidc_consent_expired',
  rateLimited: 'rate_limited',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
} as const;
