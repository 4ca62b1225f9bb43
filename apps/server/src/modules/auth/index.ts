// Accounts wiring: cookies, the session guard on every /app/api route, the auth routes, and the
// first admin from ADMIN_EMAIL/ADMIN_PASSWORD. registerAuthRoutes runs before any other route is added.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from '../../config.ts';
import { registerGuards, type KeyCaller } from './guards.ts';
import type { AuthModule } from './module.ts';
import { authRoutes } from './routes.ts';

export { assertOwnUid, assertReadableUid, hasRole, requireRole, requireUser, type AuthLevel, type KeyCaller, type SessionUser } from './guards.ts';
export { clientIp } from './client-ip.ts';
export { createAuthModule, type AuthModule } from './module.ts';

/** Finds the account behind an API key (the api-keys module's service). */
export interface KeyResolver {
  resolve(secret: string): Promise<KeyCaller | null>;
}

export async function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthModule; config: Config; apiKeys: KeyResolver }): Promise<void> {
  const { auth, config, apiKeys } = deps;
  await app.register(fastifyCookie);
  registerGuards(app, (req) => auth.service.resolveSession(req.cookies[auth.cookies.session]), (secret) => apiKeys.resolve(secret));
  await authRoutes(app, { config, ...auth });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    // Creates the first admin, or makes the account admin again; an existing password is kept.
    const { created } = await auth.service.upsertAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, role: 'admin' }, { keepPassword: true });
    app.log.info({ email: config.ADMIN_EMAIL, created }, 'admin account ready');
  }
}
