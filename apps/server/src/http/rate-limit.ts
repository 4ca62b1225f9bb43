// Coarse per-address request limits (@fastify/rate-limit), registered once before any route.
// Off by default (global: false): a route opts in with
//   app.post(path, { config: { auth: 'public', rateLimit: { max: 30, timeWindow: 60_000 } } }, handler)
// Counters live in Redis when REDIS_URL is set (shared by every API process), in memory otherwise.
// The key is the client address as modules/auth/client-ip.ts computes it (TRUSTED_PROXIES respected).
import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { clientIp, parseTrustedProxies } from '../modules/auth/client-ip.ts';
import { closeRedis, createFastFailRedis, type RedisClient } from '../infra/redis/client.ts';
import { AppError } from './errors.ts';

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const trusted = parseTrustedProxies(config.TRUSTED_PROXIES);
  let redis: RedisClient | undefined;
  if (config.REDIS_URL) {
    // A Redis outage must not hold requests: skipOnError lets them through (the database-backed
    // sign-in limits still apply).
    const client = createFastFailRedis(config.REDIS_URL, (err) => app.log.warn({ err: err.message }, 'rate-limit store (Redis) unavailable'));
    redis = client;
    app.addHook('onClose', () => closeRedis(client));
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${config.QUEUE_NAME}:rate-limit:`,
    skipOnError: true,
    keyGenerator: (req) => clientIp(req, trusted),
    // Thrown to the error handler, so the body has the API's usual { error: { code, message } } shape.
    errorResponseBuilder: (_req, context) =>
      new AppError(context.statusCode, 'rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
}

/** The per-address flood limit of the accounts routes (sign-in, sign-up, challenge, consent). */
export function authFloodLimit(config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE'>) {
  return { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
}
