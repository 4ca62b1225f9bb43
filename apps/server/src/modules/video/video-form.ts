// The video forms' multipart body: the clip streams to a temp file, counted and hashed as it
// comes and cut off at VIDEO_MAX_BYTES (never whole in memory); its first bytes must be an MP4 /
// MOV (`ftyp`) or WebM (EBML) container. The face photo (10 MB) or a saved face id, `uid`, `person`.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { hasNul, nulRefused } from '../../http/nul-bytes.ts';
import { cutOffWith, tooLarge, withFormErrors } from '../uploads/index.ts';
import { unsupportedVideo, videoTooLarge } from './errors.ts';

export interface ClipUpload {
  path: string;
  bytes: number;
  /** SHA-256 of the clip, hex: the key its people are kept under. */
  sha256: string;
  container: Container;
}

export type Container = 'mp4' | 'mov' | 'webm';

export interface VideoForm {
  fields: Record<string, string>;
  target?: ClipUpload;
  /** The face photo's bytes, or the id of a saved face sent as text. */
  source?: { kind: 'file'; bytes: Buffer } | { kind: 'saved'; id: string };
}

const SNIFF_BYTES = 12;

/** The container by its first bytes; null for anything else. */
export function sniffContainer(head: Buffer): Container | null {
  // ISO media: a `ftyp` box first; its brand `qt  ` marks a QuickTime movie.
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** Counts, hashes and checks the first bytes of the clip as it passes to its file. */
class ClipCheck extends Transform {
  bytes = 0;
  container: Container | null = null;
  private head = Buffer.alloc(0);
  private readonly hash = createHash('sha256');

  constructor(
    private readonly maxBytes: number,
    private readonly refuse: (err: AppError) => AppError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(this.refuse(videoTooLarge(this.maxBytes)));
    if (this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) {
        this.container = sniffContainer(this.head);
        if (!this.container) return done(this.refuse(unsupportedVideo()));
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.container) return done(unsupportedVideo());
    done();
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

async function saveClip(req: FastifyRequest, part: MultipartFile, dir: string, maxBytes: number): Promise<ClipUpload> {
  const path = join(dir, 'clip');
  const check = new ClipCheck(maxBytes, (err) => cutOffWith(req, err));
  await pipeline(part.file, check, createWriteStream(path, { mode: 0o600 }));
  return { path, bytes: check.bytes, sha256: check.digest(), container: check.container! };
}

function readPhoto(req: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    part.file.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_UPLOAD_BYTES) {
        part.file.destroy();
        reject(tooLarge(req));
      } else chunks.push(c);
    });
    part.file.once('end', () => resolve(Buffer.concat(chunks)));
    part.file.once('error', reject);
  });
}

/** Reads the form; the clip goes to `dir` (the caller's temp folder, removed by the caller). */
export async function readVideoForm(req: FastifyRequest, dir: string, maxBytes: number, accept: { source: boolean }): Promise<VideoForm> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_required', 'Send the video as multipart/form-data.');
  return withFormErrors((async () => {
    const form: VideoForm = { fields: {} };
    // The parser's own cap sits above ours, so our count answers first with its own message.
    for await (const part of req.parts({ limits: { fileSize: Math.max(maxBytes, MAX_UPLOAD_BYTES) + 1, files: 3, fields: 10 } })) {
      if (part.type !== 'file') {
        if (typeof part.value !== 'string') continue;
        if (hasNul(part.value) || hasNul(part.fieldname)) throw nulRefused();
        if (part.fieldname === 'source' && accept.source) form.source = { kind: 'saved', id: part.value.trim() };
        else form.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === 'target' && !form.target) form.target = await saveClip(req, part, dir, maxBytes);
      else if (part.fieldname === 'source' && accept.source && !form.source) form.source = { kind: 'file', bytes: await readPhoto(req, part) };
      else {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}".`, { field: part.fieldname });
      }
    }
    return form;
  })());
}
