// Reads the upload form (uid, target, source) from a multipart request. Each file is cut off at
// the size limit while it streams in; nothing over the limit is ever held in memory, and the
// request itself is cut off there: 413 at once, then the connection is closed (no draining of
// the body: a short, bounded linger only, so that the client reads its answer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { Socket } from 'node:net';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { hasNul, nulRefused } from '../../http/nul-bytes.ts';

export interface UploadForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export interface MultiFileForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
  /** Every part in the order sent, text and files alike (a field may name a file or a saved item). */
  parts: Array<{ field: string; value: string | Buffer }>;
}

export const fileTooLarge = () => new AppError(413, 'file_too_large', 'The file size should be less than 10 MB.');

/** Requests whose body we stop reading: their answer closes the connection. */
const cutOff = new WeakSet<object>();

/** The 413 for a body we stop reading; the rest of it is never read (see registerUploadCutOff). */
export function tooLarge(req: FastifyRequest): AppError {
  return cutOffWith(req, fileTooLarge());
}

/** Stops reading the body and answers `error` (another limit than the 10 MB photo one, a refused type). */
export function cutOffWith(req: FastifyRequest, error: AppError): AppError {
  cutOff.add(req.raw);
  req.raw.unpipe();
  return error;
}

/** How long, and how many more bytes, a cut-off connection is read (and dropped) after its answer. */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Closing a socket with unread bytes sends a reset, and a reset makes the client's kernel throw
 * away the answer it has not read yet: the sender would see a broken connection, not the 413.
 * So after the answer the socket is half-closed and what still arrives is dropped, until the
 * client closes, LINGER_MS pass or LINGER_BYTES arrive; then it is destroyed.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    let dropped = 0;
    const destroy = () => this.destroy();
    const timer = setTimeout(destroy, LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', destroy);
    this.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) destroy();
    });
    this.end();
    return this;
  };
}

/**
 * Once per app, before the routes that read uploads: the answer to a cut-off request carries
 * `Connection: close`, so Node closes the socket after it instead of reading the rest of the body.
 */
export function registerUploadCutOff(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (cutOff.has(req.raw)) {
      reply.header('Connection', 'close');
      lingerOnClose(req.raw.socket);
    }
    return payload;
  });
}

/**
 * The file's bytes, refused the moment it passes the limit. (@fastify/multipart's toBuffer()
 * only throws at the end of the part, after the client has sent everything.)
 */
function readFile(req: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    part.file.on('data', (c: Buffer) => chunks.push(c));
    part.file.once('limit', () => {
      chunks.length = 0;
      reject(tooLarge(req));
    });
    part.file.once('end', () => (part.file.truncated ? reject(tooLarge(req)) : resolve(Buffer.concat(chunks))));
    part.file.once('error', reject);
  });
}

/** A form with at most one file in each of `fileFields` (the swap forms). */
export async function readUploadForm(req: FastifyRequest, fileFields: readonly string[]): Promise<UploadForm> {
  const form = await readMultiFileForm(req, Object.fromEntries(fileFields.map((f) => [f, 1])));
  return { fields: form.fields, files: Object.fromEntries(Object.entries(form.files).map(([k, v]) => [k, v[0]!])) };
}

/**
 * A form whose file fields may repeat: `limits` says how many files each may carry; one more
 * answers `tooMany(field)` (default 400 unexpected_file). Every multipart route reads through here.
 */
export async function readMultiFileForm(
  req: FastifyRequest,
  limits: Record<string, number>,
  tooMany: (field: string, limit: number) => AppError = unexpectedFile,
): Promise<MultiFileForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the images as multipart/form-data.');
  return withFormErrors(readParts(req, limits, tooMany));
}

/** The multipart parser's own errors (no boundary, a cut-off part) are the sender's mistake: 400. */
export async function withFormErrors<T>(reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (err) {
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new AppError(400, 'invalid_multipart', 'The form could not be read. Please try again.');
  }
}

const unexpectedFile = (field: string, limit: number) =>
  new AppError(400, 'unexpected_file', limit === 0 ? `Unexpected file field "${field}".` : `Only ${limit} file(s) in "${field}".`, { field });

async function readParts(req: FastifyRequest, limits: Record<string, number>, tooMany: (field: string, limit: number) => AppError): Promise<MultiFileForm> {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer[]> = {};
  const parts: MultiFileForm['parts'] = [];
  const total = Object.values(limits).reduce((a, b) => a + b, 0);
  // One file over the total is let through so that the count check below can name the field.
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: total + 1, fields: 10 } })) {
    if (part.type !== 'file') {
      if (typeof part.value === 'string') {
        if (hasNul(part.value) || hasNul(part.fieldname)) throw nulRefused();
        fields[part.fieldname] = part.value;
        parts.push({ field: part.fieldname, value: part.value });
      }
      continue;
    }
    const limit = limits[part.fieldname] ?? 0;
    const list = (files[part.fieldname] ??= []);
    if (list.length >= limit) {
      part.file.resume();
      throw limit === 0 ? unexpectedFile(part.fieldname, 0) : tooMany(part.fieldname, limit);
    }
    const body = await readFile(req, part);
    list.push(body);
    parts.push({ field: part.fieldname, value: body });
  }
  return { fields, files, parts };
}

/** Refuses a body whose declared length cannot fit the form, before reading any of it. */
export function rejectOversizedBody(req: FastifyRequest, files: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > files * MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge(req);
}
