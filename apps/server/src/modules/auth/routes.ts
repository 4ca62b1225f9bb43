// Thin HTTP layer of the accounts API: validate, call AuthService, set cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, signInRequest, signUpRequest, type AuthConfigResponse, type MeResponse } from '@visage/contracts';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { authFloodLimit } from '../../http/rate-limit.ts';
import type { BotCheck } from './bot-check.ts';
import { CALLBACK_PAGE_CSP, callbackPage } from './callback-page.ts';
import { clientIp, type TrustedProxies } from './client-ip.ts';
import { cookieOptions, type CookieNames } from './cookies.ts';
import { oidcEnabled, type OidcClient } from './oidc.ts';
import type { AuthRepository } from './repository.ts';
import type { AuthService, RequestInfo, SignedIn } from './service.ts';
import { hashToken, newToken } from './tokens.ts';

export interface AuthRouteDeps {
  config: Config;
  service: AuthService;
  repo: AuthRepository;
  botCheck: BotCheck;
  oidc: OidcClient | null;
  cookies: CookieNames;
  trustedProxies: TrustedProxies;
}

const OIDC_FLOW_TTL_MS = 10 * 60 * 1000;
const OIDC_PATH = '/app/api/auth/oidc';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).filter(Boolean);
    throw badRequest('invalid_request', `Please check: ${[...new Set(fields)].join(', ') || 'the request'}.`, parsed.error.issues);
  }
  return parsed.data;
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const { config, service, repo, botCheck, oidc, cookies } = deps;
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
    const signedIn = await service.signUp(body, info(req));
    reply.status(201);
    return startSession(req, reply, signedIn);
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

  app.get(`${OIDC_PATH}/start`, { config: { auth: 'public' } }, async (req, reply) => {
    if (!oidc || !oidcEnabled(config) || !config.PUBLIC_URL) throw new AppError(404, 'not_found', 'No sign-in provider is configured.');
    // Never from the request's Host header: loadConfig refuses OIDC without PUBLIC_URL.
    const redirectUri = `${new URL(config.PUBLIC_URL).origin}${OIDC_PATH}/callback`;
    let start;
    try {
      start = await oidc.start(redirectUri);
    } catch (err) {
      req.log.warn({ err }, 'OIDC discovery failed');
      return sendCallbackPage(reply, false, 'oidc_unavailable');
    }
    // The binding cookie ties the flow to this browser (no login CSRF with someone else's code).
    const binding = newToken();
    await repo.insertFlow(
      {
        state: start.state,
        binding_hash: hashToken(binding),
        code_verifier: start.codeVerifier,
        nonce: start.nonce,
        redirect_uri: redirectUri,
        expires_at: Date.now() + OIDC_FLOW_TTL_MS,
      },
      Date.now(),
    );
    reply.setCookie(cookies.oidc, binding, cookieOptions(cookies, OIDC_FLOW_TTL_MS / 1000));
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(start.url, 302);
  });

  app.get(`${OIDC_PATH}/callback`, { config: { auth: 'public' } }, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    const binding = req.cookies[cookies.oidc];
    reply.clearCookie(cookies.oidc, cookieOptions(cookies, 0));
    if (!oidc) return sendCallbackPage(reply, false, 'oidc_unavailable');
    const flow = query.state ? await repo.takeFlow(query.state, Date.now()) : undefined;
    if (!flow || !binding || hashToken(binding) !== flow.binding_hash) return sendCallbackPage(reply, false, 'oidc_state_mismatch');
    if (query.error) return sendCallbackPage(reply, false, 'oidc_denied');
    try {
      const currentUrl = new URL(flow.redirect_uri);
      currentUrl.search = req.url.split('?')[1] ?? '';
      const claims = await oidc.finish(currentUrl, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
      const requestInfo = info(req);
      const user = await service.oidcAccount(claims, requestInfo);
      await startSession(req, reply, await service.createSession(user, requestInfo));
      return sendCallbackPage(reply, true);
    } catch (err) {
      if (err instanceof AppError) return sendCallbackPage(reply, false, err.code);
      req.log.warn({ err }, 'OIDC sign-in failed');
      return sendCallbackPage(reply, false, 'oidc_failed');
    }
  });
}

function sendCallbackPage(reply: FastifyReply, ok: boolean, code?: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', CALLBACK_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(callbackPage(ok, code));
}
