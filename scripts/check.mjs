#!/usr/bin/env node
// npm run check: every workspace's typecheck and ESLint, side by side. Each is one single-threaded
// process and ESLint here reads no type information, so none waits on another; running them
// two at a time (one per core by default) halves the wall time of running them one after another.
// Each one's output is printed whole when it ends, so two never interleave. Exit status 1 when any fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

// ESLint first and the workspaces from the end of the list (the apps, which check the most code),
// so that the last one to start is a short one.
const workspaces = readJson('package.json').workspaces
  .filter((dir) => readJson(`${dir}/package.json`).scripts?.typecheck)
  .reverse();
const TASKS = [
  { name: 'eslint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  ...workspaces.map((dir) => ({ name: `typecheck ${dir}`, cmd: 'npm', args: ['run', '--silent', 'typecheck', '-w', dir] })),
];

const parallel = Math.max(1, Number(process.env.CHECK_JOBS) || availableParallelism());

function runTask(task) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(task.cmd, task.args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('error', (error) => { output += `${error.message}\n`; });
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${task.name} (${seconds} s)\n${output}`);
      done(ok);
    });
  });
}

const queue = [...TASKS];
let failed = 0;
await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, async () => {
  for (let task = queue.shift(); task; task = queue.shift()) {
    if (!(await runTask(task))) failed += 1;
  }
}));
if (failed > 0) console.error(`\n${failed} of ${TASKS.length} checks failed`);
process.exit(failed > 0 ? 1 : 0);
