// @fastify/rate-limit, registered once with `global: false`: a route opts in with
// `config: { rateLimit: { max, timeWindow } }`. (The auth branch registers the same with a Redis
// store when configured; the lead keeps one registration at merge.)
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}
