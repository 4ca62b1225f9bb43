// Route guards. Every route declares who may call it with `config: { auth }`:
//   'public'   anyone (sign-in, sign-up, health, the web app's files)
//   'user'     any signed-in account
//   'operator' operators and admins
//   'admin'    admins only
//   'apiKey'   an account's API key (Authorization: Bearer), the public API under /app/api/v1 only;
//              the session cookie is not read there, and a key is refused everywhere else
// Access is decided from the route the router matched (never from the raw URL, which an
// encoded path like /%61pp/api would slip past), and a route that declares no level stops
// the server at start-up. A `:uid` path parameter must be the caller's own; an operator may
// read another's (GET/HEAD), never write into it (only 'admin' routes, which exist to manage
// accounts, may). Otherwise the answer is 404, so other accounts' ids reveal nothing.
// Handlers read the caller with `requireUser(req)` and check every uid they use: one they
// write under with `assertOwnUid(req, uid)`, one they only read with `assertReadableUid`.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '@visage/contracts';
import { bearerToken } from '../../http/bearer.ts';
import { AppError } from '../../http/errors.ts';

export type AuthLevel = 'public' | 'user' | 'operator' | 'admin' | 'apiKey';
export const AUTH_LEVELS: readonly AuthLevel[] = ['public', 'user', 'operator', 'admin', 'apiKey'];

/** The account an API key belongs to, and the key's id (rate limits are counted per key). */
export interface KeyCaller {
  keyId: string;
  user: SessionUser;
}

/** The signed-in caller, resolved from the session cookie (req.user). */
export interface SessionUser {
  uid: string;
  role: Role;
  email: string;
}

/** One registered route and the access it declared (HEAD mirrors of GET routes included). */
export interface DeclaredRoute {
  method: string;
  url: string;
  auth: AuthLevel | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; required on every route (see guards.ts). */
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    user: SessionUser | null;
    /** The API key the caller used ('apiKey' routes), or null. */
    apiKeyId: string | null;
  }
  interface FastifyInstance {
    /** Every route registered so far, with its declared access. */
    declaredRoutes: () => DeclaredRoute[];
  }
}

const RANK: Record<Role, number> = { user: 0, operator: 1, admin: 2 };

/** True when `user` has at least `role` (admin ⊇ operator ⊇ user). */
export function hasRole(user: SessionUser | null, role: Role): boolean {
  return !!user && RANK[user.role] >= RANK[role];
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in.');
/** One answer for a missing, garbled, unknown or revoked key: nothing tells them apart. */
export const invalidApiKey = () => new AppError(401, 'invalid_api_key', 'The API key is missing, unknown or revoked.');
const keyNotAccepted = () => new AppError(401, 'api_key_not_accepted', 'API keys are accepted only by the /app/api/v1 routes.');
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

const notFound = () => new AppError(404, 'not_found', 'Not found.');

/**
 * Asserts that `uid` (from a path, body or form field) is the caller's own: what is created,
 * changed or deleted under it lands in that account and counts against its allowance, so
 * no role may act for another account here. Another uid answers 404.
 */
export function assertOwnUid(req: FastifyRequest, uid: unknown): SessionUser {
  const user = requireUser(req);
  if (typeof uid !== 'string' || uid !== user.uid) throw notFound();
  return user;
}

/** Asserts that the caller may read under `uid`: its own, or any when the caller is an operator. Else 404. */
export function assertReadableUid(req: FastifyRequest, uid: unknown): SessionUser {
  const user = requireUser(req);
  if (typeof uid !== 'string' || (uid !== user.uid && !hasRole(user, 'operator'))) throw notFound();
  return user;
}

const READS = new Set(['GET', 'HEAD']);

const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Declares `level` for every route later registered in this (encapsulated) instance that does
 * not declare its own: for plugins whose routes we do not write, such as the static files.
 */
export function declareAccess(instance: FastifyInstance, level: AuthLevel): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: route.config?.auth ?? level };
  });
}

/**
 * Installs the guards on the root instance; must run before any route is added. Routes are
 * collected as they are registered and checked when the app becomes ready: one without a
 * declared level (or with an unknown one) makes `ready()` fail with its method and path.
 */
export function registerGuards(
  app: FastifyInstance,
  resolveUser: (req: FastifyRequest) => Promise<SessionUser | null>,
  resolveKey: (secret: string) => Promise<KeyCaller | null>,
): void {
  const routes: RouteOptions[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('apiKeyId', null);
  app.decorate('declaredRoutes', () =>
    routes.flatMap((r) => methodsOf(r).map((method) => ({ method, url: r.url, auth: r.config?.auth }))),
  );
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => !AUTH_LEVELS.includes(r.config?.auth as AuthLevel));
    if (undeclared.length > 0) {
      const list = undeclared.map((r) => `${methodsOf(r).join(',')} ${r.url}`).join('; ');
      throw new Error(`Every route must declare its access (config.auth): ${list}`);
    }
  });
  app.addHook('onRequest', async (req) => {
    // The not-found handler has no route: it reveals nothing and needs no caller.
    if (!req.routeOptions.url) return;
    const level = req.routeOptions.config.auth;
    if (level === 'public') return;
    const bearer = bearerToken(req);
    if (level === 'apiKey') {
      // Looked up on every request (no cache), so a revoked key is refused at once.
      const found = bearer === null ? null : await resolveKey(bearer);
      if (!found) throw invalidApiKey();
      req.user = found.user;
      req.apiKeyId = found.keyId;
      return;
    }
    // A key opens nothing but the public API, even beside a session cookie.
    if (bearer !== null) throw keyNotAccepted();
    req.user = await resolveUser(req);
    if (level === 'operator' || level === 'admin') requireRole(req, level);
    else if (level === 'user') requireUser(req);
    else throw forbidden();
    const params = req.params as Record<string, unknown> | undefined;
    if (params && 'uid' in params) {
      if (READS.has(req.method)) assertReadableUid(req, params.uid);
      else if (level !== 'admin') assertOwnUid(req, params.uid);
    }
  });
}
