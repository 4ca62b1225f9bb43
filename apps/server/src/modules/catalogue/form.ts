// Reads an operator upload (multipart `images` many + `metadata`) or a one-photo form. Two limits:
// a photo over 10 MB is refused on its own (busboy skips the rest of it, nothing of it is kept)
// and the others go on; the whole body is cut off once it passes what MAX_CATALOGUE_PHOTOS photos
// may weigh (413, connection closed), with or without a declared length.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { hasNul, nulRefused } from '../../http/nul-bytes.ts';
import { tooLarge, withFormErrors } from '../uploads/index.ts';
import type { UploadedPhoto } from './service.ts';

/** Photos one operator upload may carry. */
export const MAX_CATALOGUE_PHOTOS = 30;

/** What a form of `maxFiles` photos may weigh in all: each at the photo limit, and the fields. */
export const formByteLimit = (maxFiles: number) => maxFiles * MAX_UPLOAD_BYTES + 64 * 1024;

type PhotosForm = { fields: Record<string, string>; photos: UploadedPhoto[] };

export async function readPhotosForm(req: FastifyRequest, fileField: string, maxFiles: number): Promise<PhotosForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the images as multipart/form-data.');
  return withFormErrors(readPhotos(req, fileField, maxFiles));
}

/** One photo's bytes, or null once it passes the photo limit (its chunks dropped as they come). */
function readPhoto(part: MultipartFile, cut: Promise<never>): Promise<Buffer | null> {
  const reading = new Promise<Buffer | null>((resolve, reject) => {
    let chunks: Buffer[] | null = [];
    part.file.on('data', (c: Buffer) => chunks?.push(c));
    part.file.once('limit', () => (chunks = null));
    part.file.once('end', () => resolve(chunks && !part.file.truncated ? Buffer.concat(chunks) : null));
    part.file.once('error', reject);
  });
  return Promise.race([reading, cut]);
}

async function readPhotos(req: FastifyRequest, fileField: string, maxFiles: number): Promise<PhotosForm> {
  const fields: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  // A photo over the limit is reported, not thrown: throwFileSizeLimit off for this form (read at
  // run time by @fastify/multipart, missing from its option type).
  const options = { limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 10, fieldSize: 64 * 1024 }, throwFileSizeLimit: false };
  const parts = req.parts(options as Parameters<typeof req.parts>[0]);
  // Every byte the parser reads is counted, those it skips past a photo's limit too.
  const limit = formByteLimit(maxFiles);
  let received = 0;
  let refuse: (err: AppError) => void = () => undefined;
  const cut = new Promise<never>((_, reject) => (refuse = reject));
  cut.catch(() => undefined);
  const count = (c: Buffer) => {
    received += c.length;
    if (received > limit) {
      req.raw.off('data', count);
      refuse(tooLarge(req));
    }
  };
  req.raw.on('data', count);
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}".`, { field: part.fieldname });
        }
        const name = (part.filename || `image-${photos.length + 1}`).slice(0, 200);
        const body = await readPhoto(part, cut);
        photos.push(body ? { name, body } : { name, body: null, tooLarge: true });
      } else if (typeof part.value === 'string') {
        if (hasNul(part.value) || hasNul(part.fieldname)) throw nulRefused();
        fields[part.fieldname] = part.value;
      }
    }
  } finally {
    req.raw.off('data', count);
  }
  return { fields, photos };
}
