// A refusal's code → the message key the page shows (English and French).
import { isApiError } from '../../../lib/api-client';

const KNOWN = new Set([
  'faces_limit',
  'photos_limit',
  'last_photo',
  'face_mismatch',
  'several_faces',
  'no_face',
  'face_too_small',
  'explicit_content',
  'invalid_image_type',
  'corrupt_image',
  'image_too_large',
  'file_too_large',
  'invalid_request',
  'unknown_face',
  'network_error',
]);

export function errorKey(error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  return KNOWN.has(code) ? `errors.${code}` : 'errors.generic';
}
