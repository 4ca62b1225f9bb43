// Turns every error into the contracts' error body. Only a fault of ours is a 5xx (logged with
// its stack at error level); anything the caller sent wrong is a 4xx with a stable code. A 5xx we
// answer on purpose (busy, a payment service down) is logged at warn: an operator must see them.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '@visage/contracts';
import { AppError } from './errors.ts';
import { isZodError } from './validate.ts';

/**
 * What an upstream error says about itself (a Stripe error's type, code and HTTP status), never its
 * message: messages may quote what the request sent.
 */
function causeOf(cause: unknown): Record<string, string | number> | undefined {
  if (!cause || typeof cause !== 'object') return undefined;
  const out: Record<string, string | number> = {};
  for (const key of ['name', 'type', 'code', 'statusCode'] as const) {
    const v = (cause as Record<string, unknown>)[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  return out;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) {
        const line = { method: req.method, url: req.routeOptions.url ?? 'unmatched', status: err.status, code: err.code, uid: req.user?.uid, cause: causeOf(err.cause) };
        req.log.warn(line, 'request answered unavailable');
      }
      const body: ApiError = { error: { code: err.code, message: err.message, details: err.details } };
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send(body);
    }
    if (isZodError(err)) {
      return reply.status(400).send({ error: { code: 'invalid_request', message: 'Please check the request.' } } satisfies ApiError);
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const code = status >= 500 ? 'internal_error' : err.validation ? 'invalid_request' : (err.code ?? 'bad_request').toLowerCase();
    const message = status >= 500 ? 'Something went wrong on our side.' : err.message;
    const body: ApiError = { error: { code, message } };
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const body: ApiError = { error: { code: 'not_found', message: `No route for ${req.method} ${req.url.split('?')[0]}` } };
    return reply.status(404).send(body);
  });
}
