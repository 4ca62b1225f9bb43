// Turns a failure (an upload error code or a job's failure code) into the key of its
// translated reason; unknown codes get a generic one.
import { SWAP_ERROR_CODES } from '@visage/contracts/constants';

const KNOWN_REASONS = new Set<string>([
  ...SWAP_ERROR_CODES,
  // Upload and session answers of the API.
  'file_too_large',
  'invalid_image_type',
  'images_missing',
  'unauthenticated',
  'not_found',
  'quota_exceeded',
  'email_unconfirmed',
  'explicit_content',
  'rate_limited',
  'network_error',
  // The clip routes' answers.
  'video_off',
  'unsupported_video',
  'video_too_large',
  'video_too_long',
  'video_plan_required',
  'video_quota_exceeded',
  'unknown_person',
]);

export function reasonKey(code: string | undefined): string {
  if (code === 'http_429') return 'reasons.rate_limited';
  return `reasons.${code && KNOWN_REASONS.has(code) ? code : 'unknown'}`;
}
