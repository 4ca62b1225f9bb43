// Bulk pages' file helpers; the type and size checks are lib/image-files.ts, the alerts lib/notify.ts.
export { ACCEPT_ATTRIBUTE, checkImageFile, isNotAnImage, type FileProblem } from '../../../lib/image-files';
export { notify } from '../../../lib/notify';

/** How a page prepares a checked image before upload (the app passes the swap feature's compressor). */
export type PrepareImage = (file: File) => Promise<File>;
export const asIs: PrepareImage = (file) => Promise.resolve(file);
