// Refuses state-changing requests (POST, PUT, PATCH, DELETE) that a browser sent from another
// site, before the guard or any body is read: the session cookie's SameSite=Lax does not cover
// every case (a sibling subdomain is "same-site", and older browsers lack it). A browser says
// where a request comes from: Sec-Fetch-Site must be same-origin (or none: typed by the user),
// else Origin, when sent, must be this server (its Host, or PUBLIC_URL's origin). A request
// with neither header comes from no browser (curl, Stripe, the CLI) and carries no ambient
// cookie a third site could borrow. A route that must take other sites' posts says so with
// `config: { crossSite: true }` and proves its caller otherwise (Stripe's signature).
// A public API route ('apiKey') called with a key skips the check: it reads no cookie, and a
// key is no ambient credential another site could borrow; without a key it is checked as usual.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './bearer.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes state-changing requests from other sites (the caller is verified otherwise). */
    crossSite?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const crossSiteRefused = () => new AppError(403, 'cross_site_request', 'This request came from another site and was refused.');

function fromThisServer(origin: string, req: FastifyRequest, publicOrigin: string | null): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file) and anything unparsable
  }
  if (publicOrigin !== null && url.origin === publicOrigin) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === req.headers.host;
}

/** Registers the check on every route; `publicUrl` is PUBLIC_URL when set. */
export function registerCrossSiteCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method) || req.routeOptions.config?.crossSite === true) return;
    if (req.routeOptions.config?.auth === 'apiKey' && bearerToken(req) !== null) return;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return;
      throw crossSiteRefused();
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !fromThisServer(origin, req, publicOrigin)) throw crossSiteRefused();
  });
}
