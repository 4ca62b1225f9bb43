#!/usr/bin/env node
// npm start: build the web app when apps/web/dist is missing or older than its sources, then
// run the server (migrations run at start). Defaults: http://127.0.0.1:8080, SQLite and media
// under ./data, in-process worker. Every server variable (PORT, HOST, DATA_DIR, DATABASE_URL,
// ...) is passed through from the environment; SKIP_WEB_BUILD=1 serves dist as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, startChild, stopChild } from './lib-process.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const WEB_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../../packages/contracts/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(join(web, source)) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@visage/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '8080';
console.log(`Starting Visage at http://${host}:${port}`);
const server = startChild(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], { cwd: root, env: serverEnv() });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stopChild(server, 35_000);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code, signal) => {
  if (!stopping) process.exit(code ?? (signal ? 1 : 0));
});
