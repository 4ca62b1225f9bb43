// A server error code → the message key shown on the account page (English and French).
import { isApiError } from '../../../lib/api-client';

const KNOWN = new Set([
  'invalid_current_password',
  'weak_password',
  'common_password',
  'email_mismatch',
  'erasure_busy',
  'export_busy',
  'export_limit',
  'invalid_image_type',
  'corrupt_image',
  'image_too_large',
  'file_too_large',
  'invalid_request',
  'network_error',
  'email_in_use',
  'same_email',
  'already_confirmed',
  'password_required',
  'too_many_mails',
  'mail_unavailable',
  'api_key_limit',
  'webhook_limit',
  'webhook_https_required',
  'webhook_url_invalid',
  'webhook_url_private',
  'delivery_pending',
]);

export function errorKey(error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  return KNOWN.has(code) ? `errors.${code}` : 'errors.generic';
}
