// Serves the built web app with history fallback: any GET that is not an API call or a file
// gets index.html, so client routes like /terms survive a reload. Everything here is public.
// index.html is revalidated on every load (a new release shows at once); files under /assets/
// carry a content hash in their name and are cached for a year; source maps are never served.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { declareAccess } from '../modules/auth/guards.ts';
import { notFound } from './errors.ts';

const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const OTHER_FILES = 'public, max-age=3600';

export function cacheControlFor(path: string): string {
  if (path.endsWith('.html')) return REVALIDATE;
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  return OTHER_FILES;
}

/** An API call however it is spelled (/APP//api, /%61pp/api): never answered with the page. */
function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.replace(/\/+/g, '/').toLowerCase().startsWith('/app/api');
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; only the API is served');
    return;
  }
  await app.register(async (spa) => {
    declareAccess(spa, 'public');
    await spa.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControlFor(path)),
    });
    spa.get('/*', (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (isApiPath(path) || /\.[a-z0-9]+$/i.test(path)) throw notFound(`No route for GET ${path}`);
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    });
  });
}
