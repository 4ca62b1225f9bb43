// Route guards. Every route declares who may call it with `config: { auth }`:
//   'public'   anyone (sign-in, sign-up, health, public assets)
//   'user'     any signed-in account (the default for every /app/api route)
//   'operator' operators and admins
//   'admin'    admins only
// A `:uid` path parameter must be the caller's own unless the caller is an
// operator; otherwise the answer is 404, so other accounts' ids reveal nothing.
// Handlers read the caller with `requireUser(req)`; a uid that arrives in a body
// or multipart form is checked with `assertOwnUid(req, uid)`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';

export type AuthLevel = 'public' | 'user' | 'operator' | 'admin';

/** The signed-in caller, resolved from the session cookie (req.user). */
export interface SessionUser {
  uid: string;
  role: Role;
  email: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; /app/api routes without it require a signed-in user. */
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    user: SessionUser | null;
  }
}

const RANK: Record<Role, number> = { user: 0, operator: 1, admin: 2 };

/** True when `user` has at least `role` (admin ⊇ operator ⊇ user). */
export function hasRole(user: SessionUser | null, role: Role): boolean {
  return !!user && RANK[user.role] >= RANK[role];
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in.');
export const forbidden = () => new AppError(403, 'forbidden', 'You are not allowed to do this.');

/** The caller, or 401 when the request has no valid session. */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/** The caller if it has at least `role`; 401 without a session, 403 otherwise. */
export function requireRole(req: FastifyRequest, role: Role): SessionUser {
  const user = requireUser(req);
  if (!hasRole(user, role)) throw forbidden();
  return user;
}

/**
 * Asserts that `uid` (from a path, body or form field) is the caller's own,
 * or that the caller is an operator. Another user's uid answers 404.
 */
export function assertOwnUid(req: FastifyRequest, uid: unknown): SessionUser {
  const user = requireUser(req);
  if (typeof uid !== 'string' || (uid !== user.uid && !hasRole(user, 'operator'))) {
    throw new AppError(404, 'not_found', 'Not found.');
  }
  return user;
}

const API_PREFIX = '/app/api';

/**
 * Installs the guards on the root instance. Must run before any route is added:
 * the onRoute hook gives every undeclared /app/api route auth 'user'.
 */
export function registerGuards(app: FastifyInstance, resolveUser: (req: FastifyRequest) => Promise<SessionUser | null>): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(API_PREFIX)) return;
    if (!route.config?.auth) route.config = { ...route.config, auth: 'user' };
  });
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    req.user = await resolveUser(req);
    const level = req.routeOptions.config?.auth;
    if (!req.routeOptions.url || !level || level === 'public') return;
    if (level === 'operator' || level === 'admin') requireRole(req, level);
    else requireUser(req);
    const params = req.params as Record<string, unknown> | undefined;
    if (params && 'uid' in params) assertOwnUid(req, params.uid);
  });
}
