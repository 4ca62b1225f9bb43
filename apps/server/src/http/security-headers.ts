// Security headers on every answer, page and API alike (@fastify/helmet): a strict
// Content-Security-Policy the web app runs under (its scripts, styles, fonts and workers are
// all files of our own origin; previews, a chosen clip's included, are blob: URLs), no framing by other sites, no
// referrer to other origins, no powerful browser features, and HSTS when served over https.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  // A clip chosen as the target plays in the page from a blob: URL before it is sent.
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** For the sign-in popup's own pages: it comes back from the provider and must reach its opener. */
export const OIDC_POPUP_COOP = 'unsafe-none';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(opts.https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    // Cross-origin isolation would break nothing we ship, but gains nothing either.
    crossOriginEmbedderPolicy: false,
    // The sign-in popup must keep its opener across the provider's pages (see OIDC_POPUP_COOP).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
