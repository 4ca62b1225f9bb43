// buildApp(config): the Fastify instance with every route, ready to listen or to inject.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import type { Config } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { registerCrossSiteCheck } from './http/cross-site.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerNulCheck } from './http/nul-bytes.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerServerTiming } from './http/server-timing.ts';
import { registerSpa } from './http/spa.ts';
import { registerAccountRoutes } from './modules/account/index.ts';
import { registerAdminUsersRoutes } from './modules/admin-users/index.ts';
import { registerApiKeyRoutes } from './modules/api-keys/index.ts';
import { registerAuthRoutes } from './modules/auth/index.ts';
import { registerBillingRoutes } from './modules/billing/index.ts';
import { registerBulkRoutes } from './modules/bulk/index.ts';
import { registerEmailLinksRoutes } from './modules/email-links/index.ts';
import { registerCatalogueRoutes } from './modules/catalogue/index.ts';
import { registerFaceRoutes } from './modules/faces/index.ts';
import { registerPublicApiRoutes } from './modules/public-api/index.ts';
import { registerMyFacesRoutes } from './modules/my-faces/index.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerRetentionRoutes } from './modules/retention/routes.ts';
import { registerSupportRoutes } from './modules/support/routes.ts';
import { registerSwapRoutes } from './modules/swaps/index.ts';
import { registerUploads } from './modules/uploads/index.ts';
import { registerUsersRoutes } from './modules/users/index.ts';
import { registerVideoRoutes } from './modules/video/index.ts';
import { registerWebhookRoutes } from './modules/webhooks/index.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import type { DestinationStream } from 'pino';

/** A module's routes, registered from the services context.ts built; each takes the part of ctx it reads. */
type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

// In this order: the auth module installs the guard that decides every request from its route's
// declared access, so it comes before any route; the multipart parser before any upload route.
const MODULE_ROUTES: readonly ModuleRoutes[] = [
  registerAuthRoutes,
  registerEmailLinksRoutes,
  registerUsersRoutes,
  registerHealthRoutes,
  registerRetentionRoutes,
  registerSupportRoutes,
  registerUploads,
  registerSwapRoutes,
  registerVideoRoutes,
  registerFaceRoutes,
  registerMyFacesRoutes,
  registerBulkRoutes,
  registerCatalogueRoutes,
  registerBillingRoutes,
  registerAdminUsersRoutes,
  registerAccountRoutes,
  registerApiKeyRoutes,
  registerPublicApiRoutes,
  registerWebhookRoutes,
];

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
  registerServerTiming(app);
  registerNulCheck(app);
  app.addHook('onClose', async () => ctx.close());

  if (config.ROLE !== 'worker') {
    await registerSecurityHeaders(app, { https: config.PUBLIC_URL?.startsWith('https:') ?? false });
    registerCrossSiteCheck(app, config.PUBLIC_URL);
    // Before any route: routes opt in to a limit with config.rateLimit (see http/rate-limit.ts).
    await registerRateLimit(app, config);
    for (const register of MODULE_ROUTES) await register(app, ctx);
    await registerSpa(app, config.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'));
  }
  return { app, ctx };
}
