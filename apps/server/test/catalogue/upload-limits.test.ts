// Operator uploads, photo by photo: a photo over 10 MB or an explicit one is refused on its own
// and the others are added; a body past what the form may weigh is cut off while it streams.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { CatalogueUploadResult } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { signUpAs, uploadCatalogue, type Caller } from './support.ts';

/** The explicit photo is one flat colour: the classifier's copy is that colour everywhere. */
const EXPLICIT_RGB = [0xcc, 0x99, 0x66] as const;
const EXPLICIT_WIDTH = 333;
const isFlatExplicit = (rgb: Buffer) => [0, (rgb.length / 6) | 0, rgb.length / 3 - 1].every((px) => EXPLICIT_RGB.every((v, c) => Math.abs(rgb[px * 3 + c]! - v) <= 8));
let t: TestApp;
let operator: Caller;

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' }, { explicitScore: async (rgb) => (isFlatExplicit(rgb) ? 0.99 : 0.01) });
  operator = await signUpAs(t, 'operator');
}, 60_000);
afterAll(async () => t?.close());

it('refuses an explicit photo and an 11 MB one on their own, and adds the others', async () => {
  const explicit = await sharp({ create: { width: EXPLICIT_WIDTH, height: 400, channels: 3, background: '#c96' } }).jpeg().toBuffer();
  const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024, 1)]);
  const res = await uploadCatalogue(t, operator, 'proshoot', [
    { name: 'good.jpg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') },
    { name: 'explicit.jpg', body: explicit },
    { name: 'huge.jpg', body: huge },
    { name: 'again.jpg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const { results } = res.json<CatalogueUploadResult>();
  expect(results.map((r) => (r.status === 'added' ? 'added' : r.code))).toEqual(['added', 'explicit_content', 'file_too_large', 'added']);
  expect(results[1]).toMatchObject({ name: 'explicit.jpg', message: 'This photo looks like explicit content, which is refused.' });
  const rows = await t.ctx.db.selectFrom('catalogue_entries').select('id').where('created_by', '=', operator.uid).execute();
  expect(rows).toHaveLength(2);
}, 120_000);

it('cuts a chunked body off once it passes what the form may weigh, without reading the rest', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const boundary = 'visage-limit-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 2);
  const total = 200 * 1024 * 1024;
  const answer = await new Promise<{ status: number; written: number; connection: string | undefined }>((resolve, reject) => {
    let written = 0;
    let done = false;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/app/api/admin/proshoot/suggest', headers: { cookie: operator.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      done = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, written, connection: res.headers.connection });
      req.destroy();
    });
    req.on('error', (err) => (done ? undefined : reject(err)));
    const pump = () => {
      while (!done && written < total) {
        written += chunk.length;
        if (!req.write(written === chunk.length ? Buffer.concat([head, chunk]) : chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
  expect(answer.status).toBe(413);
  expect(answer.connection).toBe('close');
  // Cut near the 10 MB form limit; what is past it sits in socket buffers at most, never 200 MB.
  expect(answer.written).toBeLessThan(40 * 1024 * 1024);
}, 120_000);
