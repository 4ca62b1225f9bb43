// The account page, the data export and account erasure.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import { colorScheme } from './users.ts';

/** One signed-in session, as the account page lists it. */
export const accountSession = z.object({
  /** Opaque: derived from the session, never the token or its stored hash. */
  id: z.string(),
  /** 'Firefox on Windows', parsed simply from the stored user agent (English). */
  device: z.string(),
  /** The browser's and the system's names when recognised ('Firefox', 'Windows'): the page words them in its language. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** GET /app/api/account */
export const accountResponse = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string(),
  hasPassword: z.boolean(),
  /** Whether the address is confirmed (its link followed, or vouched for by a provider or an operator). */
  emailVerified: z.boolean(),
  /** Unconfirmed: when swapping stops until the address is confirmed (null once confirmed). */
  emailConfirmBy: z.number().nullable(),
  /** A new address waiting for its link to be followed. */
  pendingEmail: z.string().nullable(),
  /** Linked OpenID Connect identities (issuer, provider name shown, when linked). */
  identities: z.array(z.object({ issuer: z.string(), provider: z.string(), linkedAt: z.number() })),
  plan: z.object({
    subscription: z.string(),
    usage: z.number(),
    limit: z.number().nullable(),
    resetDate: z.string(),
    /** Video swaps this period, and the plan's monthly allowance (null = unlimited, 0 = none). */
    videoUsage: z.number(),
    videoLimit: z.number().nullable(),
  }),
  /** What the person agreed to at sign-up; null fields when nothing was recorded (e.g. OIDC before consent). */
  consent: z.object({ termsVersion: z.string().nullable(), acceptedAt: z.number().nullable() }).catchall(z.unknown()),
  sessions: z.array(accountSession),
  createdAt: z.number(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** PATCH /app/api/account */
export const updateProfileRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** PUT /app/api/account/color-scheme */
export const colorSchemeRequest = z.object({ colorScheme });
export type ColorSchemeRequest = z.infer<typeof colorSchemeRequest>;

/** POST /app/api/account/password */
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(1000),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(1000),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** DELETE /app/api/me: confirmed by typing the account's e-mail. */
export const deleteAccountRequest = z.object({ email: z.string().trim().min(1).max(254) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const exportStatus = z.enum(['queued', 'running', 'done', 'failed']);

/** One "Download my data" export: built by a job, downloadable by its owner until expiresAt. */
export const dataExport = z.object({
  id: z.string(),
  status: exportStatus,
  /** 0..1 while the job runs. */
  progress: z.number().min(0).max(1),
  createdAt: z.number(),
  expiresAt: z.number(),
  size: z.number().nullable(),
  /** Set once done. */
  downloadUrl: z.string().optional(),
});
export type DataExport = z.infer<typeof dataExport>;

/** GET /app/api/account/exports: newest first, only the ones not yet expired. */
export const dataExportList = z.array(dataExport);

/** POST /app/api/account/avatar answer. */
export const avatarResponse = z.object({ avatarUrl: z.string() });
