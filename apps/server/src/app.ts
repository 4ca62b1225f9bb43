// buildApp(config): the Fastify instance with every route, ready to listen or to inject.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import type { Config } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerNulCheck } from './http/nul-bytes.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { registerAccounts } from './modules/auth/index.ts';
import { registerAdminUsers } from './modules/admin-users/index.ts';
import { registerBilling } from './modules/billing/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { retentionRoutes } from './modules/retention/routes.ts';
import { registerSwaps } from './modules/swaps/index.ts';
import { registerBulk } from './modules/bulk/index.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerCatalogue } from './modules/catalogue/index.ts';
import { registerAccount } from './modules/account/index.ts';
import fastifyMultipart from '@fastify/multipart';
import type { DestinationStream } from 'pino';
import { registerUploadCutOff } from './modules/swaps/upload-form.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body.password'];

/** `logStream` takes the request log instead of stdout (tests read it); the rest overrides context parts. */
export async function buildApp(config: Config, opts: { logStream?: DestinationStream } & ContextOverrides = {}): Promise<BuiltApp> {
  const ctx = await createContext(config, opts);
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerErrorHandler(app);
  registerRequestLog(app);
  registerNulCheck(app);
  app.addHook('onClose', async () => ctx.close());

  if (config.ROLE !== 'worker') {
    await registerSecurityHeaders(app, { https: config.PUBLIC_URL?.startsWith('https:') ?? false });
    // Before any route: routes opt in to a limit with config.rateLimit (see http/rate-limit.ts).
    await registerRateLimit(app, config);
    // Before any route: installs the guard that decides every request from its route's declared access.
    await registerAccounts(app, ctx);
    await healthRoutes(app, ctx);
    await retentionRoutes(app, config);
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });
    registerUploadCutOff(app);
    await registerSwaps(app, ctx.swaps, ctx.queue, ctx.results);
    await registerBulk(app, ctx);
    await registerCatalogue(app, ctx.catalogue, ctx.swaps);
    await registerBilling(app, ctx.billing, config);
    await registerAdminUsers(app, ctx.db, () => ctx.billing.enabled);
    await registerAccount(app, ctx.account, config);
    await registerSpa(app, config.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'));
  }
  return { app, ctx };
}
