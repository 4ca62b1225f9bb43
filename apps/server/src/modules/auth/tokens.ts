// Opaque random tokens: the browser holds the token, the database only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
