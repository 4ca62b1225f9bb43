// buildApp(config): the Fastify instance with every route, ready to listen or to inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSpa } from './http/spa.ts';
import { registerAccounts } from './modules/auth/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerSwaps } from './modules/swaps/index.ts';
import { registerAccount } from './modules/account/index.ts';
import fastifyMultipart from '@fastify/multipart';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body.password'];

export async function buildApp(config: Config): Promise<BuiltApp> {
  const ctx = await createContext(config);
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  registerErrorHandler(app);
  app.addHook('onClose', async () => ctx.close());

  if (config.ROLE !== 'worker') {
    // First: installs the session guard that every later /app/api route gets.
    await registerAccounts(app, ctx);
    await healthRoutes(app, ctx);
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });
    await registerSwaps(app, ctx.swaps, ctx.queue, ctx.results);
    await registerAccount(app, ctx.account, config);
    await registerSpa(app, config.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'));
  }
  return { app, ctx };
}
