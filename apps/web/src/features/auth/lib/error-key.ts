// Maps a server error code to the message key shown to the user. Sign-in failures all read
// the same, so the screen never tells whether an e-mail has an account.
import { isApiError } from '../../../lib/api-client';

const KNOWN = new Set([
  'invalid_credentials',
  'too_many_attempts',
  'email_in_use',
  'weak_password',
  'common_password',
  'terms_required',
  'age_required',
  'rate_limited',
  'oidc_consent_expired',
  'invalid_request',
  'network_error',
  'oidc_email_unverified',
  'oidc_email_missing',
  'oidc_denied',
  'oidc_failed',
  'popup_blocked',
  'invalid_link',
  'too_many_mails',
  'mail_unavailable',
]);

export function errorKey(codeOrError: unknown): string {
  const code = isApiError(codeOrError) ? codeOrError.code : typeof codeOrError === 'string' ? codeOrError : '';
  if (code === 'bot_check_required' || code === 'bot_check_failed') return 'errors.bot_check';
  if (code.startsWith('oidc_') && !KNOWN.has(code)) return 'errors.oidc_failed';
  return KNOWN.has(code) ? `errors.${code}` : 'errors.generic';
}
