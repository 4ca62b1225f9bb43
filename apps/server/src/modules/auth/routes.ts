// Thin HTTP layer of the accounts API: validate, call AuthService, set cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_MIN_LENGTH, signInRequest, signUpRequest, type AuthConfigResponse, type MeResponse } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { authFloodLimit } from '../../http/rate-limit.ts';
import { clientIp } from './client-ip.ts';
import { cookieOptions } from './cookies.ts';
import type { AuthRouteDeps } from './module.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { parseBody } from '../../http/validate.ts';
import type { RequestInfo, SignedIn } from './service.ts';

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const { config, service, botCheck, oidc, cookies } = deps;
  const info = (req: FastifyRequest): RequestInfo => ({
    ip: clientIp(req, deps.trustedProxies),
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
  // A sign-in replaces whatever session this browser had: the old token is revoked, never reused.
  const startSession = async (req: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<MeResponse> => {
    const previous = req.cookies[cookies.session];
    if (previous && previous !== signedIn.token) await service.signOut(previous);
    reply.setCookie(cookies.session, signedIn.token, cookieOptions(cookies, Math.floor((signedIn.expiresAt - Date.now()) / 1000)));
    reply.header('Cache-Control', 'no-store');
    return signedIn.me;
  };

  app.get('/app/api/auth/config', { config: { auth: 'public' } }, async (): Promise<AuthConfigResponse> => ({
    oidc: { enabled: !!oidc, providerName: config.OIDC_PROVIDER_NAME },
    termsVersion: config.TERMS_VERSION,
    passwordMinLength: PASSWORD_MIN_LENGTH,
  }));

  const rateLimit = authFloodLimit(config);
  app.get('/app/api/auth/challenge', { config: { auth: 'public', rateLimit } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return botCheck.challenge();
  });

  app.post('/app/api/auth/signup', { config: { auth: 'public', rateLimit }, bodyLimit: 16 * 1024 }, async (req, reply) => {
    const body = parseBody(signUpRequest, req.body);
    const signedUp = await service.signUp(body, info(req));
    if ('checkInbox' in signedUp) return reply.status(202).send({ status: 'check_inbox' });
    reply.status(201);
    return startSession(req, reply, signedUp);
  });

  app.post('/app/api/auth/signin', { config: { auth: 'public', rateLimit }, bodyLimit: 8 * 1024 }, async (req, reply) => {
    const body = parseBody(signInRequest, req.body);
    try {
      return await startSession(req, reply, await service.signIn(body, info(req)));
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        const retryAfter = (err.details as { retryAfter?: number } | undefined)?.retryAfter;
        reply.header('Retry-After', String(retryAfter ?? 900));
      }
      throw err;
    }
  });

  // Public so that a stale cookie can always be cleared; revokes the session server-side.
  app.post('/app/api/auth/logout', { config: { auth: 'public' }, bodyLimit: 1024 }, async (req, reply) => {
    await service.signOut(req.cookies[cookies.session]);
    reply.clearCookie(cookies.session, cookieOptions(cookies, 0));
    return reply.status(204).send();
  });

  await oidcRoutes(app, { ...deps, info, startSession });
}
