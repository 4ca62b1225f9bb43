// Callers for the route walkers: one account per role, each request with a fresh session (so a
// route that signs out or revokes sessions cannot change what the next request sees), and the
// app's routes read from the router itself, so a new route is covered without editing a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@visage/contracts';
import { hashToken, newToken } from '../../../src/modules/auth/tokens.ts';
import { signUp, type TestApp } from '../../auth/support/app.ts';

export type CallerName = 'anonymous' | 'userA' | 'userB' | 'operator' | 'admin' | 'key';
/** `key`: user A's API key, sent without a cookie. */
export const CALLERS: readonly CallerName[] = ['anonymous', 'userA', 'userB', 'operator', 'admin', 'key'];

type AccountName = Exclude<CallerName, 'anonymous' | 'key'>;

export interface Callers {
  uid: Record<AccountName, string>;
  /** A Cookie header with a new session for the caller ('' for anonymous and key). */
  cookie(caller: CallerName): Promise<string>;
  /** The headers that authenticate the caller: its cookie, or user A's API key for `key`. */
  headers(caller: CallerName): Promise<Record<string, string>>;
}

export async function makeCallers(t: TestApp): Promise<Callers> {
  const accounts: Array<[AccountName, Role]> = [
    ['userA', 'user'],
    ['userB', 'user'],
    ['operator', 'operator'],
    ['admin', 'admin'],
  ];
  const uid = {} as Callers['uid'];
  for (const [name, role] of accounts) {
    const { me } = await signUp(t.app, { firstName: name, lastName: 'walker' });
    await t.ctx.db.updateTable('users').set({ role }).where('uid', '=', me.uid).execute();
    uid[name] = me.uid;
  }
  const key = await t.ctx.apiKeys.create(uid.userA, 'walker');
  const cookie = async (caller: CallerName): Promise<string> => {
    if (caller === 'anonymous' || caller === 'key') return '';
    const token = newToken();
    const now = Date.now();
    await t.ctx.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), uid: uid[caller], created_at: now, expires_at: now + 3_600_000, ip: '127.0.0.1', user_agent: 'walker' })
      .execute();
    return `visage_session=${token}`;
  };
  return {
    uid,
    cookie,
    async headers(caller): Promise<Record<string, string>> {
      if (caller === 'key') return { authorization: `Bearer ${key.secret}` };
      const c = await cookie(caller);
      return c ? { cookie: c } : {};
    },
  };
}

/** How many method + path pairs the router has (HEAD and OPTIONS included), read from printRoutes. */
export function routerRouteCount(t: TestApp): number {
  const text = t.app.printRoutes({ commonPrefix: false });
  return [...text.matchAll(/ \(([A-Z, ]+)\)$/gm)].reduce((n, m) => n + (m[1] ?? '').split(',').length, 0);
}

/** A path for a route pattern: `:uid` gets `uid`, other parameters and wildcards `fill`. */
export function concretePath(pattern: string, uid: string, fill = 'x'): string {
  return pattern.replace(':uid', uid).replace(/:[A-Za-z]+/g, fill).replace(/\*$/, 'some/page');
}

/** A built web app to serve, so that its routes (index, hashed assets, a source map) are walked too. */
export function fakeWebDist(dir: string): string {
  const dist = join(dir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Visage</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}
