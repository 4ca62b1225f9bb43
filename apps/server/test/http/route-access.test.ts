// Every route the router has, called by every kind of caller, by its plain path and by
// encoded, doubled-slash and mixed-case variants of it. Access follows the level the route
// declared; a variant never opens what the plain path refuses. Routes come from the router,
// so a new route is covered without editing this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AuthLevel } from '../../src/modules/auth/guards.ts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { CALLERS, concretePath, fakeWebDist, makeCallers, routerRouteCount, type CallerName, type Callers } from './support/callers.ts';

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await makeApp({ WEB_DIST: fakeWebDist(`${process.env.TMPDIR ?? '/tmp'}/visage-walk-${process.pid}`) });
  callers = await makeCallers(t);
}, 60_000);
afterAll(() => t.close());

const RANK: Record<Exclude<CallerName, 'key'>, number> = { anonymous: -1, userA: 0, userB: 0, operator: 1, admin: 2 };
const NEED: Record<Exclude<AuthLevel, 'apiKey'>, number> = { public: -1, user: 0, operator: 1, admin: 2 };

/**
 * What `caller` must get on a route of `level` whose `:uid` (if any) is user A's: operators
 * may read under another's uid, never write (only admin routes manage other accounts). An API
 * key opens the public API ('apiKey' routes) and nothing else; a cookie never opens those.
 */
function expected(level: AuthLevel, caller: CallerName, hasUid: boolean, method: string): 'allowed' | 401 | 403 | 404 {
  if (level === 'apiKey') return caller === 'key' ? 'allowed' : 401;
  if (caller === 'key') return level === 'public' ? 'allowed' : 401;
  if (RANK[caller] < NEED[level]) return caller === 'anonymous' ? 401 : 403;
  if (hasUid && caller === 'userB') return 404;
  if (hasUid && caller !== 'userA' && level !== 'admin' && !['GET', 'HEAD'].includes(method)) return 404;
  return 'allowed';
}

/** The plain path and the variants an attacker tries on it. */
function variants(path: string): string[] {
  const encoded = path.replace(/^\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
  const encodedMiddle = path.replace(/\/([a-z])([a-z]*)$/, (_m, c: string, rest: string) => `/%${c.charCodeAt(0).toString(16)}${rest}`);
  const upper = path.replace(/^\/([a-z]+)/, (_m, seg: string) => `/${seg.toUpperCase()}`);
  return [...new Set([path, encoded, encodedMiddle, `/${path}`, path.replace(/\//g, '//'), upper])];
}

describe('route access', () => {
  it('every route the router has declared its access level', () => {
    const declared = t.app.declaredRoutes();
    // The hook sees every route the router gets: the two lists have the same size.
    expect(declared.length).toBe(routerRouteCount(t));
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((r) => !/^(public|user|operator|admin|apiKey)$/.test(r.auth ?? ''))).toEqual([]);
    expect(declared.filter((r) => r.auth === 'apiKey').length).toBeGreaterThan(3);
    // Keys reach the public API and only it.
    expect(declared.filter((r) => r.auth === 'apiKey' && !r.url.startsWith('/app/api/v1/'))).toEqual([]);
    for (const r of declared) expect(t.app.hasRoute({ method: r.method as 'GET', url: r.url }), `${r.method} ${r.url}`).toBe(true);
  });

  it('a route that declares no level stops the app at start-up', async () => {
    const { app } = await buildApp(t.ctx.config);
    try {
      app.get('/app/api/forgotten', async () => ({ secret: true }));
      await expect(app.ready()).rejects.toThrow(/declare its access.*GET \/app\/api\/forgotten/);
    } finally {
      await app.close();
    }
  });

  it('answers each caller as the route declares, on every path variant', async () => {
    const failures: string[] = [];
    const routes = t.app.declaredRoutes().filter((r) => r.method !== 'OPTIONS');
    for (const route of routes) {
      const level = route.auth as AuthLevel;
      const hasUid = route.url.includes(':uid');
      for (const caller of CALLERS) {
        const want = expected(level, caller, hasUid, route.method);
        // Public routes are for everyone: calling them signed in adds nothing (and logout would sign out).
        if (level === 'public' && caller !== 'anonymous') continue;
        for (const url of variants(concretePath(route.url, callers.uid.userA))) {
          const res = await t.app.inject({ method: route.method as 'GET', url, headers: await callers.headers(caller) });
          const where = `${caller} ${route.method} ${url} (${level})`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode}`);
          else if (want === 'allowed') {
            if (url === concretePath(route.url, callers.uid.userA) && [401, 403].includes(res.statusCode)) failures.push(`${where}: refused ${res.statusCode}`);
          } else if (url === concretePath(route.url, callers.uid.userA)) {
            if (res.statusCode !== want) failures.push(`${where}: ${res.statusCode}, wanted ${want}`);
          } else if (![401, 403, 404, 400].includes(res.statusCode)) {
            failures.push(`${where}: variant answered ${res.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('closes the encoded-path bypass the audit found', async () => {
    const { uid } = callers;
    for (const url of [`/%61pp/api/users/${uid.userA}/personaldata`, `/%61pp/api/swaps/${uid.userA}?include=pending`, `/app/%61pi/me`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('@example.com');
    }
  });
});
