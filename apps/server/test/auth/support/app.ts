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

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dir: string;
  close(): Promise<void>;
}

export async function makeApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'visage-auth-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
    ALTCHA_MAX_NUMBER: '2000',
    DEMO_CONTENT: 'false',
    ...env,
  });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  return {
    app,
    ctx,
    dir,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
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
  const c = res.json<BotChallenge>();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
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
    altcha: await solvedChallenge(app),
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/app/api/auth/signup', payload, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { res, cookie: cookieFrom(res), me: res.json<MeResponse>() };
}

export function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/app/api/auth/signin', payload: { email, password }, remoteAddress });
}
