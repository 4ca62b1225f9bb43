// Reads an operator upload (multipart `images` many + `metadata`) or a one-photo form. A file over
// 10 MB is drained and marked, so that photo is refused on its own and the others go on.
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { hasNul, nulRefused } from '../../http/nul-bytes.ts';
import { withFormErrors } from '../uploads/index.ts';
import type { UploadedPhoto } from './service.ts';

/** Photos one operator upload may carry. */
export const MAX_CATALOGUE_PHOTOS = 30;

type PhotosForm = { fields: Record<string, string>; photos: UploadedPhoto[] };

export async function readPhotosForm(req: FastifyRequest, fileField: string, maxFiles: number): Promise<PhotosForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the images as multipart/form-data.');
  return withFormErrors(readPhotos(req, fileField, maxFiles));
}

async function readPhotos(req: FastifyRequest, fileField: string, maxFiles: number): Promise<PhotosForm> {
  const fields: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 10, fieldSize: 64 * 1024 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}".`, { field: part.fieldname });
      }
      const name = (part.filename || `image-${photos.length + 1}`).slice(0, 200);
      try {
        const body = await part.toBuffer();
        photos.push(part.file.truncated ? { name, body: null, tooLarge: true } : { name, body });
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        photos.push({ name, body: null, tooLarge: true });
      }
    } else if (typeof part.value === 'string') {
      if (hasNul(part.value) || hasNul(part.fieldname)) throw nulRefused();
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, photos };
}
