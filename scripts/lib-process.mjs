// Small helpers shared by start.mjs and dev.mjs: run a child in its own process group and
// stop the whole group (tsx and vite spawn children of their own).
import { spawn } from 'node:child_process';

/**
 * The server's environment: glibc malloc arenas capped at 2 unless set, as the engine's workers
 * are. Every libuv thread that decodes an image otherwise gets an arena of its own, and freed
 * decode buffers stay in them: 16 uploaded 4096² JPEGs left the API process 55 MB over its start
 * a minute later, 22 MB with 2 arenas. An API-only process (uploads, no engine) also keeps
 * glibc's mmap threshold at 128 KB: otherwise it rises to the size of the largest block freed
 * (a 10 MB upload), and later ones land in the heap, where they are not given back (bench:api,
 * a minute after 8 × two 10 MB JPEGs: +148 MB without, +39 MB with).
 */
export function serverEnv(env = process.env) {
  const out = { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
  if (env.ROLE === 'api') out.MALLOC_MMAP_THRESHOLD_ = env.MALLOC_MMAP_THRESHOLD_ ?? '131072';
  return out;
}

export function startChild(command, args, options = {}) {
  return spawn(command, args, { stdio: 'inherit', detached: true, ...options });
}

/** SIGTERM the child's process group, then SIGKILL it if it is still there after `graceMs`. */
export function stopChild(child, graceMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    kill('SIGTERM');
  });
}
