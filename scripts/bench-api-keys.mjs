// The public API's cost over the app's own path, for bench:api: one server with the engine
// (ROLE=all), one operator account (unlimited swaps) signed in with a cookie and holding an API
// key; then swaps alternate between the cookie path (POST /app/api/upload, then the gallery
// list with pending swaps) and the key path (POST /app/api/v1/swaps, then GET /app/api/v1/swaps/{id}),
// each timed from the create request to the poll that first reads it done, polled alike.
// Target: key path median ≤ 1.1 × cookie path median.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FACES_DIR } from '../fixtures/index.mjs';
import { createUser, freePort, startServer } from './lib-bench.mjs';

const TARGET = readFileSync(join(FACES_DIR, '012_ai-sfhq-east-asian-woman.jpg'));
const FACE = readFileSync(join(FACES_DIR, '008_ai-sfhq-frontal-glasses-darkskin.jpg'));
const POLL_MS = 100;
const PASSWORD = 'bench-Visage-2026!';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function form(fields = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('target', new Blob([TARGET], { type: 'image/jpeg' }), 'target.jpg');
  body.append('source', new Blob([FACE], { type: 'image/jpeg' }), 'face.jpg');
  return body;
}

async function untilDone(read) {
  for (;;) {
    const status = await read();
    if (status === 'done') return;
    if (status === 'failed') throw new Error('a bench swap failed');
    await sleep(POLL_MS);
  }
}

async function cookieSwap(baseUrl, uid, cookie) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/app/api/upload`, { method: 'POST', headers: { cookie }, body: form({ uid }) });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  await untilDone(async () => (await (await fetch(`${baseUrl}/app/api/swaps/${uid}?include=pending`, { headers: { cookie } })).json())[id]?.status);
  return performance.now() - started;
}

async function keySwap(baseUrl, key) {
  const auth = { authorization: `Bearer ${key}` };
  const started = performance.now();
  const res = await fetch(`${baseUrl}/app/api/v1/swaps`, { method: 'POST', headers: auth, body: form() });
  if (res.status !== 202) throw new Error(`v1 create: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  await untilDone(async () => (await (await fetch(`${baseUrl}/app/api/v1/swaps/${id}`, { headers: auth })).json()).status);
  return performance.now() - started;
}

/** `runs` swaps of each path, alternating (after one warm-up swap that loads the models). */
export async function benchKeyPath(runs, log) {
  const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-keys-'));
  let server;
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ROLE: 'all', WEB_DIST: dataDir, DEMO_CONTENT: 'false' };
    const email = `bench-keys-${Date.now()}@example.com`;
    const uid = createUser(env, { email, password: PASSWORD, role: 'operator' });
    server = await startServer(env, baseUrl);
    const signin = await fetch(`${baseUrl}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0];
    if (!signin.ok || !cookie) throw new Error(`sign-in failed: ${signin.status}`);
    const created = await fetch(`${baseUrl}/app/api/account/api-keys`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) });
    if (created.status !== 201) throw new Error(`key: ${created.status} ${await created.text()}`);
    const { secret } = await created.json();
    log('warm-up swap (models load)…');
    await cookieSwap(baseUrl, uid, cookie);
    const times = { cookie: [], key: [] };
    for (let i = 0; i < runs; i += 1) {
      // Alternating, and starting with the other path every run, so drift in the machine's load falls on both.
      const order = i % 2 === 0 ? ['cookie', 'key'] : ['key', 'cookie'];
      for (const path of order) times[path].push(path === 'cookie' ? await cookieSwap(baseUrl, uid, cookie) : await keySwap(baseUrl, secret));
      log(`run ${i + 1}/${runs}: cookie ${times.cookie.at(-1).toFixed(0)} ms, key ${times.key.at(-1).toFixed(0)} ms`);
    }
    const cookieMs = median(times.cookie);
    const keyMs = median(times.key);
    return { runs, cookieMedianMs: cookieMs, keyMedianMs: keyMs, ratio: keyMs / cookieMs, times };
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
