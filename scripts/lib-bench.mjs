// What the benchmark scripts share: a free port, an account made with the real user:create
// command, the real server started as one process (its pid is the server's, for CPU and memory
// figures), and a process's CPU seconds from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

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

/** Creates an account with `npm run user:create`'s code; returns its uid. */
export function createUser(env, { email, password, role = 'user', first = 'Bench', last = 'User' }) {
  const args = ['--import', 'tsx', 'apps/server/src/cli/user-create.ts', '--email', email, '--password', password, '--role', role, '--first', first, '--last', last];
  const out = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`user:create failed: ${out.stderr || out.stdout}`);
  const uid = /uid ([^)\s]+)/.exec(out.stdout)?.[1];
  if (!uid) throw new Error(`user:create printed no uid: ${out.stdout}`);
  return uid;
}

/**
 * Starts apps/server as one process and waits for its health check. `out.bytes` counts what it
 * writes to stdout (the log), when `countStdout` is set.
 */
export async function startServer(env, baseUrl, { countStdout = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', countStdout ? 'pipe' : 'ignore', 'pipe'] });
  const out = { bytes: 0 };
  child.stdout?.on('data', (d) => (out.bytes += d.length));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    if (await fetch(`${baseUrl}/app/api/health`).then((r) => r.ok, () => false)) return { child, out };
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start: ${stderr}`);
}

/** User + system CPU seconds of a process so far (NaN once it is gone). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}
