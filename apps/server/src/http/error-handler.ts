// Turns every error into the contracts' error body. Only a fault of ours is a 5xx (logged with
// its stack at error level); anything the caller sent wrong is a 4xx with a stable code.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '@visage/contracts';
import { AppError } from './errors.ts';
import { isZodError } from './validate.ts';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
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
