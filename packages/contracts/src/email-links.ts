// Password reset and address confirmation: the requests of the links sent by e-mail.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

/** The language mails are written in: the one the person uses the app in. */
export const mailLanguage = z.enum(['en', 'fr']);
export type MailLanguage = z.infer<typeof mailLanguage>;

const email = z.string().trim().max(254).pipe(z.email());
/** The token of a link: 256 random bits, base64url. */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** POST /app/api/auth/password/forgot: always answered the same, whether the address has an account or not. */
export const forgotPasswordRequest = z.object({ email, language: mailLanguage.optional() });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** POST /app/api/auth/password/reset: the link's token and the new password; every session is signed out. */
export const resetPasswordRequest = z.object({ token: linkToken, password: z.string().max(PASSWORD_MAX_LENGTH) });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST /app/api/auth/email/confirm: the token of a confirmation (or change of address) link. */
export const confirmEmailRequest = z.object({ token: linkToken });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;

export const confirmEmailResponse = z.object({ status: z.enum(['confirmed', 'changed']), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

/** POST /app/api/account/email: the new address takes effect once the link sent to it is followed. */
export const changeEmailRequest = z.object({ newEmail: email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH), language: mailLanguage.optional() });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>;

/** POST /app/api/account/email/verification: sends the confirmation link again. */
export const resendVerificationRequest = z.object({ language: mailLanguage.optional() });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequest>;

/** 202 of the requests above, and of a sign-up when mail is configured (no session then). */
export const checkInboxResponse = z.object({ status: z.literal('check_inbox') });
export type CheckInboxResponse = z.infer<typeof checkInboxResponse>;
