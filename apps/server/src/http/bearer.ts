// The token of an `Authorization: Bearer <token>` header, or null. Other schemes (Basic, sent by
// browsers behind a password-protected proxy) are not ours and are ignored.
import type { FastifyRequest } from 'fastify';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}
