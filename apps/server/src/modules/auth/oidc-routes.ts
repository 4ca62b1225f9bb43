// The OIDC popup's routes: start (redirect to the provider), callback (the popup's last page),
// and the consent step of a first sign-in (GET what the dialog shows, POST accept, DELETE cancel).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oidcConsentRequest, type MeResponse, type OidcConsentInfo } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { authFloodLimit } from '../../http/rate-limit.ts';
import { cookieOptions } from './cookies.ts';
import { CONSENT_TTL_MS } from './oidc-accounts.ts';
import { oidcEnabled } from './oidc.ts';
import { sendCallbackPage } from './callback-page.ts';
import { parseBody } from '../../http/validate.ts';
import { OIDC_POPUP_COOP } from '../../http/security-headers.ts';
import type { AuthRouteDeps } from './module.ts';
import type { RequestInfo, SignedIn } from './service.ts';
import { hashToken, newToken } from './tokens.ts';

const OIDC_FLOW_TTL_MS = 10 * 60 * 1000;
const OIDC_PATH = '/app/api/auth/oidc';

interface OidcRouteDeps extends AuthRouteDeps {
  info(req: FastifyRequest): RequestInfo;
  startSession(req: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<MeResponse>;
}

export async function oidcRoutes(app: FastifyInstance, deps: OidcRouteDeps): Promise<void> {
  const { config, service, repo, oidc, oidcAccounts, cookies, info, startSession } = deps;

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
    reply.header('Cache-Control', 'no-store').header('Cross-Origin-Opener-Policy', OIDC_POPUP_COOP);
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
      const outcome = await oidcAccounts.resolve(claims);
      if (outcome.kind === 'consent-required') {
        // No account yet: the opener shows the consent dialog, which completes the sign-in.
        const token = await oidcAccounts.park(claims, outcome.uid, requestInfo);
        reply.setCookie(cookies.consent, token, cookieOptions(cookies, CONSENT_TTL_MS / 1000));
        return sendCallbackPage(reply, false, 'consent_required');
      }
      await startSession(req, reply, await service.createSession(outcome.user, requestInfo));
      return sendCallbackPage(reply, true);
    } catch (err) {
      if (err instanceof AppError) return sendCallbackPage(reply, false, err.code);
      req.log.warn({ err }, 'OIDC sign-in failed');
      return sendCallbackPage(reply, false, 'oidc_failed');
    }
  });

  const consentConfig = { auth: 'public' as const, rateLimit: authFloodLimit(config) };
  app.get(`${OIDC_PATH}/consent`, { config: consentConfig }, async (req, reply): Promise<OidcConsentInfo> => {
    reply.header('Cache-Control', 'no-store');
    return { ...(await oidcAccounts.pending(req.cookies[cookies.consent])), providerName: config.OIDC_PROVIDER_NAME };
  });

  app.post(`${OIDC_PATH}/consent`, { config: consentConfig, bodyLimit: 1024 }, async (req, reply) => {
    const body = parseBody(oidcConsentRequest, req.body);
    const user = await oidcAccounts.consent(req.cookies[cookies.consent], body);
    reply.clearCookie(cookies.consent, cookieOptions(cookies, 0));
    reply.status(201);
    return startSession(req, reply, await service.createSession(user, info(req)));
  });

  app.delete(`${OIDC_PATH}/consent`, { config: consentConfig }, async (req, reply) => {
    await oidcAccounts.cancel(req.cookies[cookies.consent]);
    reply.clearCookie(cookies.consent, cookieOptions(cookies, 0));
    return reply.status(204).send();
  });
}
