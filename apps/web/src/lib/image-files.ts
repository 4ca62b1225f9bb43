// The browser-side checks of a chosen image: type first, then size. The server
// checks again by content; these only spare the user a useless upload.
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@visage/contracts/constants';

export type FileProblem = 'invalid_type' | 'too_large';

/** The `accept` attribute of the file inputs. */
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png';

/**
 * The chosen file claims to be a JPEG or PNG but does not decode as an image (a text file renamed
 * .jpg): the user gets the invalid-image message, not a compression failure.
 */
export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
  constructor() {
    super('The file given is not an image.');
  }
}

export function isNotAnImage(error: unknown): error is NotAnImageError {
  return error instanceof NotAnImageError;
}

export function checkImageFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_type';
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  return null;
}
