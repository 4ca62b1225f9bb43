// Reads a multipart form whose file fields may repeat (a bulk's `targets`). Each file is cut
// off at 10 MB while it streams; more than `maxFiles` files stops the read with 400.
import type { FastifyRequest } from 'fastify';
import { MAX_BULK_TARGETS, MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { fileTooLarge } from '../swaps/upload-form.ts';

export interface MultiFileForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
}

export const tooManyTargets = () =>
  new AppError(400, 'too_many_targets', `You can only upload up to ${MAX_BULK_TARGETS} target images.`, { field: 'targets', max: MAX_BULK_TARGETS });

/** `limits`: how many files each field may carry. */
export async function readMultiFileForm(req: FastifyRequest, limits: Record<string, number>): Promise<MultiFileForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the images as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer[]> = {};
  const total = Object.values(limits).reduce((a, b) => a + b, 0);
  // One file over the total is let through so that the count check below can name the field.
  const parts = req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: total + 1, fields: 10 } });
  for await (const part of parts) {
    if (part.type !== 'file') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const limit = limits[part.fieldname];
    if (limit === undefined) {
      part.file.resume();
      throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}".`, { field: part.fieldname });
    }
    const list = (files[part.fieldname] ??= []);
    if (list.length >= limit) {
      part.file.resume();
      if (part.fieldname === 'targets') throw tooManyTargets();
      throw new AppError(400, 'unexpected_file', `Only ${limit} file(s) in "${part.fieldname}".`, { field: part.fieldname });
    }
    const body = await part.toBuffer().catch((err: { code?: string }) => {
      throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : err;
    });
    if (part.file.truncated) throw fileTooLarge();
    list.push(body);
  }
  return { fields, files };
}
