// Serves the built web app with history fallback: any GET that is not an API
// call or a file gets index.html, so client routes like /terms survive a reload.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'], maxAge: '1h', immutable: false });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (req.method === 'GET' && !path.startsWith('/app/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${req.method} ${path}` } });
  });
}
