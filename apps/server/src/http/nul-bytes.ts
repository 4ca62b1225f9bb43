// A NUL character is never part of a real name, id or field, and PostgreSQL refuses it in text
// (SQLite stores it): every request whose parameters, query or JSON body carry one is refused
// before a handler runs, so both databases answer alike. Multipart fields are checked as read.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from './errors.ts';

export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export const nulRefused = () => badRequest('invalid_characters', 'The request contains a character that is not allowed.');

export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    if (hasNul(req.params)) throw notFound();
    if (hasNul(req.query) || hasNul(req.body)) throw nulRefused();
  });
}
