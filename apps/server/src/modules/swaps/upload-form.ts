// Reads the upload form (uid, target, source) from a multipart request. Each file is cut off at
// the size limit while it streams in; nothing over the limit is ever held in memory.
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';

export interface UploadForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export const fileTooLarge = () => new AppError(413, 'file_too_large', 'The file size should be less than 10 MB.');

export async function readUploadForm(req: FastifyRequest, fileFields: readonly string[]): Promise<UploadForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the images as multipart/form-data.');
  try {
    return await readParts(req, fileFields);
  } catch (err) {
    // The multipart parser's own errors (no boundary, a cut-off part) are the sender's mistake.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new AppError(400, 'invalid_multipart', 'The form could not be read. Please try again.');
  }
}

async function readParts(req: FastifyRequest, fileFields: readonly string[]): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: fileFields.length, fields: 10 } })) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}".`);
      }
      const body = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : err;
      });
      if (part.file.truncated) throw fileTooLarge();
      files[part.fieldname] = body;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** Refuses a body whose declared length cannot fit the form, before reading any of it. */
export function rejectOversizedBody(req: FastifyRequest, files: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > files * MAX_UPLOAD_BYTES + 64 * 1024) throw fileTooLarge();
}
