#!/usr/bin/env node
// npm run stack: Visage scaled out on this machine. PostgreSQL, Redis and an S3 stand-in on
// 127.0.0.1 (throw-away: their data goes with Ctrl-C), one API process and WORKERS (default 2)
// worker processes over them. Prints the URL; Ctrl-C stops everything. PORT (default 8080)
// and any other server variable are passed through; ADMIN_EMAIL/ADMIN_PASSWORD make an admin.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, stackEnv, startServices, startStack } from './lib-stack.mjs';

const workers = Number(process.env.WORKERS ?? 2);
if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
  console.log('Building the web app…');
  if (spawnSync('npm', ['run', 'build', '-w', '@visage/web'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

console.log('Starting PostgreSQL, Redis and the S3 stand-in…');
const services = await startServices();
let stack;
let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the API, the workers and the services…');
  await stack?.stop();
  await services.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  console.log(`Starting one API process and ${workers} worker processes…`);
  stack = await startStack({
    env: stackEnv(services),
    workers,
    port: Number(process.env.PORT ?? 8080),
    logTo: (role, chunk) => process.stdout.write(chunk.toString().split('\n').filter(Boolean).map((l) => `[${role}] ${l}\n`).join('')),
  });
} catch (err) {
  console.error(err.message);
  await stop(1);
}
console.log(`
Visage is running at ${stack.url}
  database  ${services.databaseUrl}
  queue     ${services.redisUrl} (BullMQ)
  media     ${services.s3Endpoint}/${services.bucket} (S3)
  processes API pid ${stack.api.child.pid}, workers ${stack.workers.map((w) => w.child.pid).join(', ')}
Ctrl-C stops everything.`);
for (const p of [stack.api, ...stack.workers]) {
  p.child.on('exit', (code, signal) => {
    if (!stopping) console.log(`A ${p === stack.api ? 'API' : 'worker'} process (pid ${p.child.pid}) exited (${signal ?? code}).`);
  });
}
