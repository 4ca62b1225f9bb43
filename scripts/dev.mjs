#!/usr/bin/env node
// npm run dev: the Vite dev server (hot reload, proxies /app/api) and the API server under
// `tsx watch` (restarts on change), started and stopped together. Open http://127.0.0.1:5173.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, stopChild } from './lib-process.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };

const children = [
  startChild(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, env }),
  startChild(bin('vite'), ['--config', 'apps/web/vite.config.ts'], { cwd: root, env }),
];

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopChild(child)));
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// When one of the two dies, stop the other: a half-running dev setup only confuses.
for (const child of children) child.on('exit', (code) => void stopAll(code ?? 1));
