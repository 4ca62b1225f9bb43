// Accounts wiring: cookies, the session guard on every /app/api route, the auth
// and users routes, and the first admin from ADMIN_EMAIL/ADMIN_PASSWORD.
// Call registerAccounts(app, ctx) before any other route is added.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from '../../context.ts';
import { UsersRepository } from '../users/repository.ts';
import { usersRoutes } from '../users/routes.ts';
import { UsersService } from '../users/service.ts';
import { BotCheck, resolveBotCheckKey } from './bot-check.ts';
import { parseTrustedProxies } from './client-ip.ts';
import { cookieNames } from './cookies.ts';
import { registerGuards } from './guards.ts';
import { OidcClient, oidcEnabled } from './oidc.ts';
import { OidcAccounts } from './oidc-accounts.ts';
import { AuthRepository } from './repository.ts';
import { authRoutes } from './routes.ts';
import { AuthService } from './service.ts';

export { assertOwnUid, hasRole, requireRole, requireUser, type AuthLevel, type SessionUser } from './guards.ts';
export { clientIp } from './client-ip.ts';

export interface Accounts {
  auth: AuthService;
  users: UsersService;
}

export async function registerAccounts(app: FastifyInstance, ctx: AppContext): Promise<Accounts> {
  const { config } = ctx;
  const trustedProxies = parseTrustedProxies(config.TRUSTED_PROXIES);
  const repo = new AuthRepository(ctx.db);
  const users = new UsersService(new UsersRepository(ctx.db));
  const botCheck = new BotCheck(repo, resolveBotCheckKey(config), config.ALTCHA_MAX_NUMBER);
  const auth = new AuthService(config, repo, users, botCheck);
  const cookies = cookieNames(config);
  const oidc = oidcEnabled(config) ? new OidcClient(config) : null;

  await app.register(fastifyCookie);
  registerGuards(app, (req) => auth.resolveSession(req.cookies[cookies.session]));
  const oidcAccounts = new OidcAccounts(config, repo, users);
  await authRoutes(app, { config, service: auth, repo, botCheck, oidc, oidcAccounts, cookies, trustedProxies });
  await usersRoutes(app, users);

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    // Creates the first admin, or makes the account admin again; an existing password is kept.
    const { created } = await auth.upsertAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, role: 'admin' }, { keepPassword: true });
    app.log.info({ email: config.ADMIN_EMAIL, created }, 'admin account ready');
  }
  return { auth, users };
}
