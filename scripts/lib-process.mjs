// Small helpers shared by start.mjs and dev.mjs: run a child in its own process group and
// stop the whole group (tsx and vite spawn children of their own).
import { spawn } from 'node:child_process';

/**
 * The server's environment: glibc malloc arenas capped at 2 unless set, as the engine's workers
 * are. Every libuv thread that decodes an image otherwise gets an arena of its own, and freed
 * decode buffers stay in them: 16 uploaded 4096² JPEGs left the API process 55 MB over its start
 * a minute later, 22 MB with 2 arenas.
 */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
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
