// What the benchmark scripts share: a free port, an account made with the real user:create
// command, the real server started as one process (its pid is the server's, for CPU and memory
// figures), a process's CPU seconds from /proc, and a gallery seeded straight into SQLite.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { serverEnv } from './lib-process.mjs';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
export { freePort } from './lib-stack.mjs';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env: serverEnv(env), stdio: ['ignore', countStdout ? 'pipe' : 'ignore', 'pipe'] });
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

/** `count` done swaps of `uid` straight into the SQLite file, on the media keys of a real swap when one has run. */
export function seedGallery(dbFile, uid, count) {
  const db = new Database(dbFile);
  try {
    // Real media keys where a swap has run, so the seeded rows point at real files.
    const real = db.prepare("SELECT source_key, target_key, result_key, thumb_key FROM swaps WHERE status = 'done' LIMIT 1").get();
    const insert = db.prepare(
      `INSERT INTO swaps (id, uid, mode, status, job_id, source_key, target_key, result_key, thumb_key, created_at, completed_at)
       VALUES (?, ?, 'main', 'done', ?, ?, ?, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        insert.run(
          id,
          uid,
          `bench-${id}`,
          real?.source_key ?? `bench/${id}/source.jpg`,
          real?.target_key ?? `bench/${id}/target.jpg`,
          real?.result_key ?? `bench/${id}/result.jpg`,
          real?.thumb_key ?? `bench/${id}/thumb.webp`,
          now - i * 60_000,
          now - i * 60_000 + 1500,
        );
      }
    })();
  } finally {
    db.close();
  }
}
