// Builds the real app on a fresh SQLite file in a temp dir, plus small helpers
// for cookies, sign-up (with a solved proof-of-work) and sign-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import type { BotChallenge, MeResponse } from '@visage/contracts';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { AppContext } from '../../../src/context.ts';
import { createPostgresDatabase, type TestDatabase } from '../../support/databases.ts';
import { testEnv } from '../../support/env.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dir: string;
  /** The database this app uses; pass it as DATABASE_URL to reopen the same data. */
  databaseUrl: string;
  /** Closes the app, keeping its data (for a restart on the same database). */
  stop(): Promise<void>;
  /** Closes the app and removes its data. */
  close(): Promise<void>;
}

/**
 * A throw-away database: a SQLite file in `dir`, or a fresh PostgreSQL database beside
 * TEST_DATABASE_URL's when that is set, so these suites run on both.
 */
export async function testDatabase(dir: string): Promise<TestDatabase> {
  if (testEnv.databaseUrl) return createPostgresDatabase();
  return { kind: 'sqlite', url: join(dir, 'visage.db'), drop: async () => undefined };
}

export async function makeApp(env: Record<string, string> = {}, overrides?: Parameters<typeof buildApp>[1]): Promise<TestApp> {
  const dir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'visage-auth-'));
  const database = env.DATABASE_URL ? null : await testDatabase(dir);
  const databaseUrl = env.DATABASE_URL ?? database?.url ?? '';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
    ALTCHA_MAX_NUMBER: '2000',
    DEMO_CONTENT: 'false',
    DATABASE_URL: databaseUrl,
    // Suites sign up and in many times from one address; the flood limit has its own test.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const { app, ctx } = await buildApp(config, overrides);
  await app.ready();
  return {
    app,
    ctx,
    dir,
    databaseUrl,
    async stop() {
      await app.close();
    },
    async close() {
      await app.close();
      await database?.drop();
      if (!env.DATA_DIR) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** name=value of a Set-Cookie for `name`, ready for a Cookie header. */
export function cookieFrom(res: LightMyRequestResponse, name = 'visage_session'): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = header.find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(header)}`);
  return line.split(';')[0] ?? '';
}

export function setCookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((l) => l.startsWith(`${name}=`));
}

/** Fetches a challenge from the server and solves it, as the browser does. */
export async function solvedChallenge(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/app/api/auth/challenge' });
  return solve(res.json<BotChallenge>());
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

export const GOOD_PASSWORD = 'Velvet-Otter-42-Lantern';

export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  remoteAddress = '127.0.0.1',
): Promise<{ res: LightMyRequestResponse; cookie: string; me: MeResponse }> {
  const payload = {
    firstName: 'ada',
    lastName: 'lovelace',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    termsAccepted: true,
    ageConfirmed: true,
    altcha: await solvedChallenge(app),
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/app/api/auth/signup', payload, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { res, cookie: cookieFrom(res), me: res.json<MeResponse>() };
}

export function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1', altcha?: string) {
  return app.inject({ method: 'POST', url: '/app/api/auth/signin', payload: { email, password, ...(altcha ? { altcha } : {}) }, remoteAddress });
}

/** Solves a challenge as the browser does and returns the altcha payload. */
export async function solve(c: BotChallenge): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
}
