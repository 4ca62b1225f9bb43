// An oversized upload is cut off where it passes the limit, so no client makes us read a huge
// body: a chunked body that keeps streaming gets its 413 at once and the connection is closed,
// instead of being read to the end. Through a real listening server, since inject() cannot show either.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { SWAP_FORM_FILES } from '../../src/modules/swaps/swap-form.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';

let t: TestApp;
let port: number;
let who: { cookie: string; uid: string };

beforeAll(async () => {
  t = await makeApp({ ROLE: 'api' });
  const s = await signUp(t.app);
  who = { cookie: s.cookie, uid: s.me.uid };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => t?.close());

interface Outcome {
  status: number;
  connection: string | undefined;
  /** ms from the body passing the limit to the answer. */
  afterLimitMs: number;
  sentAtClose: number;
}

/** Streams an endless file part in 256 KB steps every 10 ms (~25 MB/s) until the server closes. */
function streamUpload(headers: Record<string, string> = {}): Promise<Outcome> {
  const boundary = 'xxcutoffxx';
  return new Promise((resolve, reject) => {
    let sent = 0;
    let limitAt = 0;
    let answer: Omit<Outcome, 'sentAtClose'> | null = null;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/app/api/upload',
      headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...headers },
    });
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const timer = setInterval(() => {
      if (sent > 60 * 1024 * 1024) {
        clearInterval(timer);
        reject(new Error('the server read 60 MB without closing'));
        req.destroy();
        return;
      }
      for (let i = 0; i < 4 && !req.destroyed; i += 1) {
        req.write(chunk);
        sent += chunk.length;
      }
      if (!limitAt && sent > MAX_UPLOAD_BYTES) limitAt = Date.now();
    }, 10);
    req.on('response', (res) => {
      answer = { status: res.statusCode ?? 0, connection: res.headers.connection, afterLimitMs: limitAt ? Date.now() - limitAt : -1 };
      res.resume();
    });
    req.on('close', () => {
      clearInterval(timer);
      if (answer) resolve({ ...answer, sentAtClose: sent });
      else reject(new Error('closed without an answer'));
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="uid"\r\n\r\n${who.uid}\r\n`);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="target"; filename="t.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  });
}

describe('oversized uploads', () => {
  it('a file passing 10 MB while it streams: 413 at once and the connection closed', async () => {
    const out = await streamUpload();
    expect(out.status).toBe(413);
    expect(out.connection).toBe('close');
    expect(out.afterLimitMs).toBeGreaterThanOrEqual(0);
    expect(out.afterLimitMs).toBeLessThan(300);
    // Closed long before the 60 MB the client would send.
    expect(out.sentAtClose).toBeLessThan(MAX_UPLOAD_BYTES + 8 * 1024 * 1024);
  }, 30_000);

  it('a declared length too large for the form: 413 before reading, and the connection closed', async () => {
    const out = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/app/api/upload',
        headers: { cookie: who.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String((SWAP_FORM_FILES + 1) * MAX_UPLOAD_BYTES) },
      });
      let answer: { status: number; connection?: string } | null = null;
      req.on('response', (res) => {
        answer = { status: res.statusCode ?? 0, connection: res.headers.connection };
        res.resume();
      });
      req.on('close', () => (answer ? resolve(answer) : reject(new Error('closed without an answer'))));
      req.on('error', () => undefined);
      req.write(Buffer.alloc(1024, 0x78));
    });
    expect(out).toEqual({ status: 413, connection: 'close' });
  });
});
