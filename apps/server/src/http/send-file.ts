// One way to answer with a stored file (a result, a thumbnail, a catalogue photo, a saved face,
// an avatar): its exact content type, never sniffed, and the caller's caching rule.
import type { FastifyReply } from 'fastify';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export function sendFile(reply: FastifyReply, file: StoredFile, cacheControl: string, disposition?: string): FastifyReply {
  reply.header('Content-Type', file.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', cacheControl);
  if (disposition) reply.header('Content-Disposition', disposition);
  return reply.send(file.body);
}
