// The scaled-out topology on one machine, for `npm run stack`, its test and `npm run bench:scale`:
// throw-away PostgreSQL, Redis and an S3 stand-in on 127.0.0.1 (startServices), and one API
// process with any number of worker processes over them (startStack).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { FACES_DIR } from '../fixtures/index.mjs';
import { serverEnv } from './lib-process.mjs';
import { ensureSystemPrograms } from './system-programs.mjs';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
export const SERVICE_PROGRAMS = [
  { name: 'PostgreSQL 15', file: `${PG_BIN}/postgres`, apt: 'postgresql-15' },
  { name: 'Redis', file: '/usr/bin/redis-server', apt: 'redis-server' },
];

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitFor(what, check, timeoutMs, child) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await check()) return;
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

const portOpen = (port) => new Promise((res) => {
  const s = createServer();
  s.once('error', () => res(true));
  s.listen(port, '127.0.0.1', () => s.close(() => res(false)));
});

function stopProcess(child, graceMs = 10_000) {
  return new Promise((res) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return res();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    child.kill('SIGTERM');
  });
}

// Every process started here runs in its own process group: a Ctrl-C in the terminal reaches only
// the script, which stops the API and workers first and the services after them.

/**
 * PostgreSQL 15, Redis and s3rver on free ports of 127.0.0.1, with their data in a temp folder
 * removed by stop(). Installs PostgreSQL and Redis with apt when missing and run as root.
 */
export async function startServices({ bucket = 'visage' } = {}) {
  if (!ensureSystemPrograms(SERVICE_PROGRAMS)) throw new Error('PostgreSQL 15 and Redis are needed (see above)');
  const dir = mkdtempSync(join(tmpdir(), 'visage-stack-'));
  chmodSync(dir, 0o755);
  const [pgPort, redisPort, s3Port] = [await freePort(), await freePort(), await freePort()];
  // PostgreSQL refuses to run as root: as root it runs as the postgres user.
  const root = process.getuid?.() === 0;
  if (root && spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['-r', '-M', 'postgres']);
  const asPg = (cmd, args) => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const pgDir = join(dir, 'pg');
  mkdirSync(pgDir);
  if (root) chownSync(pgDir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), -1);
  const run = (what, [cmd, args]) => {
    const out = spawnSync(cmd, args, { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${what} failed: ${out.stderr || out.stdout}`);
  };
  run('initdb', asPg(`${PG_BIN}/initdb`, ['-D', join(pgDir, 'data'), '-A', 'trust', '-U', 'postgres']));
  run('pg_ctl start', asPg(`${PG_BIN}/pg_ctl`, ['-D', join(pgDir, 'data'), '-l', join(pgDir, 'log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${pgDir}`, 'start']));
  const stopPg = () => spawnSync(...asPg(`${PG_BIN}/pg_ctl`, ['-D', join(pgDir, 'data'), '-m', 'fast', 'stop']));
  const children = [];
  try {
    run('create database', [`${PG_BIN}/psql`, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-qc', 'create database visage']]);
    const redis = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore', detached: true });
    children.push(redis);
    await waitFor('Redis', () => portOpen(redisPort), 10_000, redis);
    mkdirSync(join(dir, 's3'));
    const s3 = spawn(process.execPath, [join(REPO_ROOT, 'apps/server/test/support/s3rver-cli.mjs'), join(dir, 's3'), String(s3Port), bucket], { stdio: 'ignore', detached: true });
    children.push(s3);
    await waitFor('s3rver', () => portOpen(s3Port), 20_000, s3);
  } catch (err) {
    await Promise.all(children.map((c) => stopProcess(c)));
    stopPg();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/visage`,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    s3Endpoint: `http://127.0.0.1:${s3Port}`,
    bucket,
    async stop() {
      await Promise.all(children.map((c) => stopProcess(c)));
      stopPg();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server settings of the scaled-out topology over `services` (from startServices or a test's own). */
export function stackEnv({ databaseUrl, redisUrl, s3Endpoint, bucket, s3Prefix, queueName = 'visage' }) {
  return {
    DATABASE_URL: databaseUrl,
    QUEUE_DRIVER: 'bullmq',
    REDIS_URL: redisUrl,
    QUEUE_NAME: queueName,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: bucket,
    // s3rver accepts any credentials; a real store takes its own from the environment.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...(s3Prefix ? { S3_PREFIX: s3Prefix } : {}),
  };
}

function startServerProcess(role, env, logTo) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: serverEnv({ ...process.env, ...env, ROLE: role }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines = [];
  const onData = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(line);
    if (lines.length > 2000) lines.splice(0, lines.length - 2000);
    logTo?.(role, chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return { child, lines };
}

/**
 * One API process (ROLE=api) on `port` and `workers` worker processes (ROLE=worker) with `env`
 * (stackEnv's settings and any others). Resolves once the API answers and every worker has
 * started taking jobs (read from their `info` log line, so LOG_LEVEL must be info or more verbose).
 * `logTo(role, chunk)` receives their output. With `loaded`, it also waits until every worker has
 * loaded its face and content models, as a server's workers have long before anyone uploads.
 */
export async function startStack({ env, workers = 2, port, host = '127.0.0.1', logTo, loaded = false, startTimeoutMs = 120_000 }) {
  const apiPort = port ?? (await freePort());
  const url = `http://${host}:${apiPort}`;
  const base = { LOG_LEVEL: 'info', HOST: host, PORT: String(apiPort), ...env };
  // The API first: it runs the migrations, so workers never race it on an empty database.
  const api = startServerProcess('api', base, logTo);
  const all = [api];
  const stop = () => Promise.all(all.map((p) => stopProcess(p.child, 30_000)));
  try {
    await waitFor('the API', () => fetch(`${url}/app/api/health`).then((r) => r.ok, () => false), startTimeoutMs, api.child);
    const started = [];
    for (let i = 0; i < workers; i += 1) {
      const w = startServerProcess('worker', base, logTo);
      all.push(w);
      started.push(w);
    }
    await Promise.all(started.map((w) => waitFor('a worker', () => w.lines.some((l) => l.includes('job worker started')), startTimeoutMs, w.child)));
    const has = (w, text) => w.lines.some((l) => l.includes(text));
    if (loaded) await Promise.all(started.map((w) => waitFor('a worker\'s models', () => has(w, '"face models loaded"') && has(w, '"content model loaded"'), startTimeoutMs, w.child)));
    return { url, api, workers: started, stop };
  } catch (err) {
    await stop();
    const tail = all.flatMap((p) => p.lines.slice(-10)).join('\n');
    throw new Error(`${err.message}\n${tail}`);
  }
}

/** Signs in through the API; returns the Cookie header for later calls. */
export async function signIn(url, email, password) {
  const res = await fetch(`${url}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** An operator's bulk: JPEG `targets` and one face photo; returns the created swaps ({ id, jobId, status }). */
export async function bulkUpload(url, cookie, targets, face) {
  const form = new FormData();
  targets.forEach((body, i) => form.append('targets', new Blob([body], { type: 'image/jpeg' }), `t${i}.jpg`));
  form.append('source', new Blob([face], { type: 'image/jpeg' }), 'face.jpg');
  const res = await fetch(`${url}/app/api/69/bulk-upload`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 202) throw new Error(`bulk upload answered ${res.status}: ${await res.text()}`);
  return (await res.json()).swaps;
}

const TARGET_FACES = ['003_navy-grace-hopper.jpg', '007_ai-tpdne-older-woman.jpg', '008_ai-sfhq-frontal-glasses-darkskin.jpg', '010_ai-sfhq-threequarter-elderly-man.jpg', '013_ai-sfhq-beard-glasses-elderly.jpg', '015_ai-sfhq-hand-on-cheek.jpg'];

/**
 * `count` one-face JPEG targets, the k-th (from `first`) `longSide - k * step` px on its long side:
 * no two alike, so no engine worker finds one it has already analysed.
 */
export function distinctTargets(count, { longSide = 1000, step = 1, first = 0 } = {}) {
  return Promise.all(Array.from({ length: count }, (_, n) => {
    const k = first + n;
    const side = longSide - k * step;
    return sharp(join(FACES_DIR, TARGET_FACES[k % TARGET_FACES.length])).resize(side, side, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
  }));
}
