// Every state-changing route the router has, called by a signed-in admin (who passes every
// guard) from another site: refused with 403 cross_site_request before anything runs, whether
// the browser says so with Sec-Fetch-Site or only with Origin. Routes come from the router, so a
// new route is covered without editing this test. The same calls from this server's own pages,
// and from clients that are not browsers, are not refused for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { concretePath, fakeWebDist, makeCallers, type Callers } from './support/callers.ts';

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await makeApp({ WEB_DIST: fakeWebDist(`${process.env.TMPDIR ?? '/tmp'}/visage-cross-${process.pid}`) });
  callers = await makeCallers(t);
}, 60_000);
afterAll(() => t.close());

const HOST = 'visage.internal:3000';
const unsafeRoutes = () => t.app.declaredRoutes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));

describe('cross-site requests', () => {
  it('refuses every state-changing route from another site', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const evil: Array<Record<string, string>> = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: `https://evil.example`, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      // A sibling subdomain is "same-site": SameSite=Lax cookies go along, so it is refused too.
      { origin: 'http://blog.visage.internal:3000', 'sec-fetch-site': 'same-site' },
    ];
    for (const route of routes) {
      const exempt = route.url === '/app/api/billing/webhook';
      for (const headers of evil) {
        const cookie = await callers.cookie('admin');
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concretePath(route.url, callers.uid.admin),
          headers: { ...headers, host: HOST, cookie, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x--\r\n',
        });
        const refused = res.statusCode === 403 && res.json().error?.code === 'cross_site_request';
        if (refused === exempt) failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("lets this server's own pages and non-browser clients through", async () => {
    const ownPages: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` },
      { origin: `http://${HOST}` },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of ownPages) {
      const cookie = await callers.cookie('userA');
      const res = await t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { ...headers, host: HOST, cookie } });
      expect(res.statusCode, JSON.stringify(headers)).toBeLessThan(300);
      const logout = await t.app.inject({ method: 'POST', url: '/app/api/auth/logout', headers: { ...headers, host: HOST, cookie } });
      expect(logout.statusCode, JSON.stringify(headers)).toBeLessThan(300);
    }
  });

  it('keeps reads open to links from other sites', async () => {
    const cookie = await callers.cookie('userA');
    const res = await t.app.inject({ url: '/app/api/me', headers: { host: HOST, cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});
