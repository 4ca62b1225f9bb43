// Answers with a stored object streamed, honouring a single HTTP Range (a <video> element seeks
// with `Range: bytes=N-`): 206 with the part, 416 past the end, 200 with the whole otherwise.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, StoredStream } from '../infra/storage/index.ts';
import { notFound } from './errors.ts';

export type OpenStored = (range?: ByteRange) => Promise<StoredStream | null>;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`; null: no usable single range (send it all); 'unsatisfiable': past the end. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}

export async function sendStoredRange(req: FastifyRequest, reply: FastifyReply, open: OpenStored, headers: { cacheControl: string; disposition?: string }): Promise<FastifyReply> {
  const whole = await open();
  if (!whole) throw notFound();
  reply.header('Content-Type', whole.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', headers.cacheControl).header('Accept-Ranges', 'bytes');
  if (headers.disposition) reply.header('Content-Disposition', headers.disposition);
  const range = parseRange(req.headers.range, whole.size);
  if (range === null) return reply.header('Content-Length', String(whole.size)).send(whole.stream);
  // The size was what the first open was for: its stream is not read.
  whole.stream.destroy();
  if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${whole.size}`).send();
  const part = await open(range);
  if (!part) throw notFound();
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${whole.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(part.stream);
}
