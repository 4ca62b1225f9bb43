// Malformed path parameters, query strings and bodies sent to every route the router has, by a
// caller every route admits: the answer is always the caller's mistake (4xx), never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { concretePath, fakeWebDist, makeCallers, type Callers } from './support/callers.ts';

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await makeApp({ WEB_DIST: fakeWebDist(`${process.env.TMPDIR ?? '/tmp'}/visage-fuzz-${process.pid}`) });
  callers = await makeCallers(t);
}, 60_000);
afterAll(() => t.close());

const BAD_PARAMS = ['x', 'not-a-uuid', 'a'.repeat(65), 'a'.repeat(300), '%00', '..%2F..%2Fetc', '%E2%82', '%C3%A9', '-1', '0', '%20'];
const BAD_QUERIES = ['include=foo', 'include=pending&include=pending', 'page=-1&limit=abc', 'page=1e9&limit=1e9', 'faceId[]=1&uid=%00', 'state=a&state=b&code=c', '%zz=1'];
const BOUNDARY = 'fuzzboundary';
const BAD_BODIES: Array<{ type: string; body: string | Buffer }> = [
  { type: 'application/json', body: '{"unterminated": ' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '{"email":{"$gt":""},"uid":[1],"selectedImages":"x","faceId":{}}' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"email":"a\\u0000@example.com","password":"x\\u0000","uid":"\\u0000","id":"a\\u0000","selectedImages":["\\u0000"],"faceId":"\\u0000","plan":"\\u0000"}' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="uid"\r\n\r\na\u0000b\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n` },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'uid=x&a=b' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: 'not a multipart body at all' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="uid"\r\n\r\nx` },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="target"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a jpeg\r\n--${BOUNDARY}--\r\n`,
  },
  { type: 'multipart/form-data', body: 'no boundary' },
];

describe('malformed input', () => {
  it('never answers 5xx, on any route', async () => {
    const failures: string[] = [];
    const routes = t.app.declaredRoutes().filter((r) => r.method !== 'OPTIONS');
    const send = async (method: string, url: string, payload?: { type: string; body: string | Buffer }) => {
      const cookie = await callers.cookie('admin');
      const headers: Record<string, string> = { cookie };
      if (payload) headers['content-type'] = payload.type;
      const res = await t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload: payload.body } : {}) });
      if (res.statusCode >= 500) failures.push(`${method} ${url}${payload ? ` [${payload.type}: ${String(payload.body).slice(0, 30)}]` : ''}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    for (const route of routes) {
      const params = route.url.match(/:[A-Za-z]+|\*/g) ?? [];
      for (const bad of BAD_PARAMS) {
        if (params.length > 0) await send(route.method, route.url.replace(/:[A-Za-z]+/g, bad).replace(/\*$/, bad));
      }
      const path = concretePath(route.url, callers.uid.admin);
      for (const q of BAD_QUERIES) await send(route.method, `${path}?${q}`);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        for (const body of BAD_BODIES) await send(route.method, path, body);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers the audit findings with 400 or 404 and a stable code', async () => {
    const cookie = await callers.cookie('userA');
    const cases: Array<[string, number, string]> = [
      ['/app/api/media/swaps/not-a-uuid/result', 404, 'not_found'],
      ['/app/api/media/swaps/00000000-0000-4000-8000-000000000000/nonsense', 404, 'not_found'],
      [`/app/api/swaps/${callers.uid.userA}?include=foo`, 400, 'invalid_query'],
      [`/app/api/jobs/${'a'.repeat(65)}/events`, 404, 'not_found'],
    ];
    for (const [url, status, code] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error.code, url).toBe(code);
    }
  });
});
