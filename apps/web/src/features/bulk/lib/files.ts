// Browser-side checks of a chosen image (spec §5): type first, then size; the server checks again.
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@visage/contracts';

export type FileProblem = 'invalid_type' | 'too_large';
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png';

export function checkImageFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_type';
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  return null;
}

/** How a page prepares a checked image before upload (the app passes the swap feature's compressor). */
export type PrepareImage = (file: File) => Promise<File>;
export const asIs: PrepareImage = (file) => Promise.resolve(file);

/** The spec's alerts: shown with window.alert and also logged (spec §8). */
export function notify(message: string, level: 'info' | 'error' = 'info'): void {
  if (level === 'error') console.error(message);
  else console.info(message);
  if (typeof window !== 'undefined' && typeof window.alert === 'function') window.alert(message);
}
