// Serves the built web app with history fallback: any GET that is not an API
// call or a file gets index.html, so client routes like /terms survive a reload.
// A catch-all GET route (not a second not-found handler: error-handler.ts owns that).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.ts';

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'], maxAge: '1h', immutable: false });
  app.get('/*', (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/app/api/') || /\.[a-z0-9]+$/i.test(path)) throw notFound(`No route for GET ${path}`);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
