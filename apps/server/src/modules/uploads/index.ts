// Upload intake, shared by every module that takes files: the multipart form reader (a file is
// cut off at 10 MB while it streams; UPLOAD_CONCURRENCY bodies read at once) and the image intake (sniff, pixel cap, re-encode, content check).
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { Config } from '../../config.ts';
import { ImageIntake, type ContentCheck } from './image-intake.ts';
import { registerUploadAdmission } from './upload-admission.ts';
import { registerUploadCutOff } from './upload-form.ts';

export { ImageIntake, DEFAULT_MAX_PIXELS, sniffImage, type CleanImage, type CleanOptions, type ContentCheck } from './image-intake.ts';
export { cutOffWith, readMultiFileForm, readUploadForm, rejectOversizedBody, tooLarge, withFormErrors, type MultiFileForm, type UploadForm } from './upload-form.ts';

/** The process's one intake: MAX_IMAGE_PIXELS, IMAGE_DECODE_CONCURRENCY / _QUEUE, and the content guard. */
export function createImageIntake(config: Config, content: ContentCheck): ImageIntake {
  return new ImageIntake({ content, maxPixels: config.MAX_IMAGE_PIXELS, concurrency: config.IMAGE_DECODE_CONCURRENCY, queue: config.IMAGE_DECODE_QUEUE });
}

/** Once per app, before the routes that read uploads: the multipart parser, the 413 cut-off and the bound on bodies read at once. */
export async function registerUploads(app: FastifyInstance, deps: { config: Config }): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  registerUploadCutOff(app);
  registerUploadAdmission(app, deps.config.UPLOAD_CONCURRENCY, deps.config.IMAGE_DECODE_QUEUE);
}
