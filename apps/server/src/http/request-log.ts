// One log line per request, at a level that keeps busy servers' logs small: ordinary answers
// at debug; refusals (4xx) and slow answers at info; our own failures are logged as errors by
// the error handler. Fastify's two default lines per request are turned off in app.ts.
import type { FastifyInstance } from 'fastify';

export const SLOW_REQUEST_MS = 1000;

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const line = { method: req.method, url: req.routeOptions.url ?? 'unmatched', status, ms: Math.round(ms) };
    if (ms > SLOW_REQUEST_MS) req.log.warn(line, 'slow request');
    else if (status >= 400 && status < 500) req.log.info(line, 'request refused');
    else req.log.debug(line, 'request');
  });
}
