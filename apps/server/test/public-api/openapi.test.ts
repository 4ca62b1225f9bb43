// The OpenAPI document against the running app: every route registered under /app/api/v1 is in
// it (and nothing else is), and real answers of each route match the schema the document states
// for them, checked both with the document's JSON Schema and with the zod schema it came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { jsonGuard, operationOf, V1_BASE, type JsonSchema, type MyFace, type V1SavedFaceList, type V1Swap } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { bearer, createSwap, developer, FACE, TARGET, type Developer } from './support.ts';

type Doc = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>; components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> } };

let t: TestApp;
let doc: Doc;
let dev: Developer;
beforeAll(async () => {
  t = await makeApp({ ROLE: 'api' });
  const res = await t.app.inject({ url: '/app/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
  dev = await developer(t);
}, 60_000);
afterAll(() => t.close());

/** `description` and other documentation-only keywords say nothing a checker reads. */
function checkable(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(checkable) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema as JsonSchema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !['description', 'default'].includes(k)).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, checkable(s)])) : checkable(v)])) as JsonSchema;
}

/** Checks an answer against what the document says `method path` answers with that status. */
function matchesDocument(method: string, path: string, res: LightMyRequestResponse): void {
  const response = doc.paths[`${V1_BASE}${path}`]?.[method]?.responses[String(res.statusCode)];
  expect(response, `${method} ${path} ${res.statusCode} is documented`).toBeDefined();
  const schema = response!.content?.['application/json']?.schema;
  if (!schema) {
    expect(res.body, `${method} ${path} ${res.statusCode} has no body`).toBe('');
    return;
  }
  const resolved = '$ref' in schema ? doc.components.schemas[String((schema as { $ref: string }).$ref).split('/').at(-1)!]! : schema;
  jsonGuard(checkable(resolved)).parse(res.json());
  const op = operationOf(method, path)!;
  if (res.statusCode === op.ok.status && op.ok.json) op.ok.json.parse(res.json());
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with bearer auth, and lists every /app/api/v1 route the app has', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const registered = t.app
      .declaredRoutes()
      .filter((r) => r.url.startsWith(`${V1_BASE}/`) && !['HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)).sort();
    expect(registered.length).toBeGreaterThan(5);
    expect(documented).toEqual(registered);
    const create = doc.paths[`${V1_BASE}/swaps`]!.post as unknown as { parameters: Array<{ name: string }>; responses: Record<string, { headers?: object }> };
    expect(create.parameters.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(create.responses['202']!.headers!)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Location', 'Idempotent-Replayed']);
    expect(Object.keys(create.responses['429']!.headers!)).toContain('Retry-After');
  });

  it('states the answers each route really gives', async () => {
    const created = await createSwap(t, dev.key.secret);
    matchesDocument('post', '/swaps', created);
    const swap = created.json<V1Swap>();
    matchesDocument('get', '/swaps/{id}', await t.app.inject({ url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) }));
    matchesDocument('get', '/swaps', await t.app.inject({ url: '/app/api/v1/swaps?limit=1', headers: bearer(dev.key.secret) }));
    matchesDocument('get', '/swaps/{id}/result', await t.app.inject({ url: `/app/api/v1/swaps/${swap.id}/result`, headers: bearer(dev.key.secret) }));
    matchesDocument('get', '/swaps/{id}', await t.app.inject({ url: '/app/api/v1/swaps/00000000-0000-4000-8000-000000000000', headers: bearer(dev.key.secret) }));
    matchesDocument('get', '/swaps', await t.app.inject({ url: '/app/api/v1/swaps', headers: bearer('vsk_nope') }));
    const conflict = await t.app.inject({ method: 'DELETE', url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) });
    matchesDocument('delete', '/swaps/{id}', conflict);
    await t.ctx.swaps.fail(swap.id, 'engine_failed');
    matchesDocument('get', '/swaps/{id}', await t.app.inject({ url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) }));
    matchesDocument('delete', '/swaps/{id}', await t.app.inject({ method: 'DELETE', url: `/app/api/v1/swaps/${swap.id}`, headers: bearer(dev.key.secret) }));
  });

  it('states the answers of the faces routes and of a create from a saved face', async () => {
    const key = bearer(dev.key.secret);
    const form = (name: string, body: Buffer) => multipart([{ name, filename: `${name}.jpg`, contentType: 'image/jpeg', body }]);
    const target = form('image', fixture(TARGET));
    matchesDocument('post', '/faces/detect', await t.app.inject({ method: 'POST', url: '/app/api/v1/faces/detect', payload: target.payload, headers: { ...target.headers, ...key } }));
    const wrong = form('photo', fixture(TARGET));
    matchesDocument('post', '/faces/detect', await t.app.inject({ method: 'POST', url: '/app/api/v1/faces/detect', payload: wrong.payload, headers: { ...wrong.headers, ...key } }));
    const notImage = form('image', Buffer.from('not an image at all'));
    matchesDocument('post', '/faces/detect', await t.app.inject({ method: 'POST', url: '/app/api/v1/faces/detect', payload: notImage.payload, headers: { ...notImage.headers, ...key } }));

    const photo = multipart([{ name: 'name', value: 'Me' }, { name: 'photo', filename: 'p.jpg', contentType: 'image/jpeg', body: fixture(FACE) }]);
    const saved = (await t.app.inject({ method: 'POST', url: '/app/api/me/faces', payload: photo.payload, headers: { ...photo.headers, cookie: dev.cookie } })).json<MyFace>();
    const list = await t.app.inject({ url: '/app/api/v1/faces', headers: key });
    matchesDocument('get', '/faces', list);
    const url = list.json<V1SavedFaceList>().faces.find((f) => f.id === saved.id)!.photos[0]!.url;
    const image = await t.app.inject({ url, headers: key });
    expect(image.statusCode).toBe(200);
    const documented = doc.paths[`${V1_BASE}/faces/{id}/photos/{photoId}`]!.get!.responses['200']!.content!;
    expect(Object.keys(documented)).toContain(image.headers['content-type']);
    matchesDocument('get', '/faces/{id}/photos/{photoId}', await t.app.inject({ url: `/app/api/v1/faces/${saved.id}/photos/00000000-0000-4000-8000-000000000000`, headers: key }));

    const earlier = (await createSwap(t, dev.key.secret)).json<V1Swap>();
    const create = (savedFaceId: string) => t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: key, payload: { source: { savedFaceId }, target: { swapId: earlier.id } } });
    matchesDocument('post', '/swaps', await create(saved.id));
    const unknown = await create('00000000-0000-4000-8000-000000000000');
    expect(unknown.json().error.code).toBe('unknown_face');
    matchesDocument('post', '/swaps', unknown);
  });
});
