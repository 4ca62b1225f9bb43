// HTTP surface of billing. The webhook reads its body raw (the signature covers the exact
// bytes); create-portal-session takes the form field `uid` (as the page posts it) and answers with a redirect
// (a plain form post) or with { url } (Accept: application/json).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutRequest, type BillingConfig, type RedirectResponse } from '@visage/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { parseBody } from '../../http/validate.ts';
import { requireUser } from '../auth/guards.ts';
import type { BillingService } from './service.ts';

export const PORTAL_PATH = '/app/api/create-portal-session';
export const WEBHOOK_PATH = '/app/api/billing/webhook';

const portalForm = z.object({ uid: z.string().min(1).max(64) });

/**
 * The app's public origin, where Stripe sends the customer back. loadConfig requires PUBLIC_URL with
 * billing; without billing the service answers 404 before the origin is used.
 */
function originOf(config: Config): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : '';
}

/** Each call makes a session at Stripe: ten a minute is plenty for a person (counted per account). */
const STRIPE_CALL_LIMIT = { max: 10, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `stripe:${req.user?.uid ?? req.ip}` };

export async function billingRoutes(app: FastifyInstance, billing: BillingService, config: Config): Promise<void> {
  app.get('/app/api/billing/config', { config: { auth: 'public' } }, async (): Promise<BillingConfig> => ({ enabled: billing.enabled }));

  app.post('/app/api/billing/checkout', { config: { auth: 'user', rateLimit: STRIPE_CALL_LIMIT } }, async (req): Promise<RedirectResponse> => {
    const user = requireUser(req);
    const { plan } = parseBody(checkoutRequest, req.body);
    return { url: await billing.checkout(user.uid, plan, originOf(config)) };
  });

  // Own scope: raw JSON for the webhook, url-encoded forms for the portal.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // Stripe's servers post it; its signature, not where it comes from, proves the sender.
    scope.post(WEBHOOK_PATH, { config: { auth: 'public', crossSite: true } }, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const { duplicate } = await billing.webhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true, duplicate };
    });

    scope.post(PORTAL_PATH, { config: { auth: 'user', rateLimit: STRIPE_CALL_LIMIT } }, async (req, reply) => {
      const user = requireUser(req);
      const body = Buffer.isBuffer(req.body) ? safeJson(req.body) : req.body;
      const { uid } = parseBody(portalForm, body);
      // Only one's own customer, operators included: another uid answers 404.
      if (uid !== user.uid) throw new AppError(404, 'not_found', 'Not found.');
      const url = await billing.portal(uid, originOf(config));
      if ((req.headers.accept ?? '').includes('application/json')) return { url } satisfies RedirectResponse;
      return reply.redirect(url, 303);
    });
  });
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return {};
  }
}
