// The public API's request limit: one counter per API key over every /app/api/v1 route (not per
// address: one program may call from many), through @fastify/rate-limit's store (Redis when
// REDIS_URL is set, shared by every API process). Each answer states the limit in the
// RateLimit-Limit / -Remaining / -Reset headers; past it, 429 rate_limited with Retry-After.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

const WINDOW_MS = 60_000;

interface LimitState {
  isAllowed: boolean;
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

export function keyRateLimit(app: FastifyInstance, perMinute: number): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (req: FastifyRequest) => `api-key:${req.apiKeyId ?? 'none'}`,
  }) as unknown as (req: FastifyRequest) => Promise<LimitState>;
  return async (req, reply) => {
    const state = await limiter(req);
    // Allowed without counting (the store down, skipOnError): nothing to state.
    if (state.isAllowed) return;
    const reset = Math.max(0, Math.ceil(state.ttlInSeconds));
    void reply.header('RateLimit-Limit', state.max).header('RateLimit-Remaining', state.remaining).header('RateLimit-Reset', reset);
    if (state.isExceeded) {
      throw new AppError(429, 'rate_limited', `Too many requests for this API key. Please try again in ${reset} s.`, undefined, { 'Retry-After': String(reset) });
    }
  };
}
