// The coarse per-address flood limit (@fastify/rate-limit) on the accounts routes: keyed by the
// client address (X-Forwarded-For only from TRUSTED_PROXIES), in memory or, with REDIS_URL, in
// Redis shared by every API process.
import { afterEach, describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.ts';
import { makeApp, signIn, uniqueEmail, type TestApp } from './support/app.ts';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const a of opened.splice(0)) await a.close();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const a = await makeApp(env);
  opened.push(a);
  return a;
}

const challenge = (a: TestApp, remoteAddress: string, forwarded?: string) =>
  a.app.inject({ method: 'GET', url: '/app/api/auth/challenge', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });

describe('per-address flood limit on the accounts routes', () => {
  it('answers 429 rate_limited with Retry-After past the limit, per address and per route', async () => {
    const a = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i += 1) expect((await challenge(a, '192.0.2.1')).statusCode).toBe(200);
    const over = await challenge(a, '192.0.2.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and another route from the same address, have their own counts.
    expect((await challenge(a, '192.0.2.2')).statusCode).toBe(200);
    expect((await signIn(a.app, uniqueEmail(), 'Whatever-123', '192.0.2.1')).statusCode).toBe(401);
    // A route that did not opt in is not limited.
    for (let i = 0; i < 5; i += 1) expect((await a.app.inject({ method: 'GET', url: '/app/api/auth/config', remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
  });

  it('keys on the client address behind a trusted proxy, and ignores X-Forwarded-For from others', async () => {
    const a = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '10.0.0.1' });
    for (let i = 0; i < 2; i += 1) expect((await challenge(a, '10.0.0.1', '198.51.100.1')).statusCode).toBe(200);
    expect((await challenge(a, '10.0.0.1', '198.51.100.1')).statusCode).toBe(429);
    expect((await challenge(a, '10.0.0.1', '198.51.100.2')).statusCode).toBe(200);
    // An untrusted peer cannot pick a fresh key per request with a forged header.
    for (let i = 0; i < 2; i += 1) expect((await challenge(a, '203.0.113.9', `198.51.100.${50 + i}`)).statusCode).toBe(200);
    expect((await challenge(a, '203.0.113.9', '198.51.100.99')).statusCode).toBe(429);
  });

  it.runIf(testEnv.redisUrl)('shares the counts between API processes through Redis', async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: testEnv.redisUrl ?? '', QUEUE_NAME: `rl-${Date.now()}` };
    const a = await app(env);
    const b = await app(env);
    expect((await challenge(a, '192.0.2.77')).statusCode).toBe(200);
    expect((await challenge(b, '192.0.2.77')).statusCode).toBe(200);
    expect((await challenge(a, '192.0.2.77')).statusCode).toBe(200);
    expect((await challenge(b, '192.0.2.77')).statusCode).toBe(200);
    expect((await challenge(a, '192.0.2.77')).statusCode).toBe(429);
    expect((await challenge(b, '192.0.2.77')).statusCode).toBe(429);
  });
});
