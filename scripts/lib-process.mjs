// Small helpers shared by start.mjs and dev.mjs: run a child in its own process group and
// stop the whole group (tsx and vite spawn children of their own).
import { spawn } from 'node:child_process';

/**
 * The server's environment: glibc malloc arenas capped at 2 unless set, as the engine's workers
 * are. Every libuv thread that decodes an image otherwise gets an arena of its own, and freed
 * decode buffers stay in them: 16 uploaded 4096² JPEGs left the API process 55 MB over its start
 * a minute later, 22 MB with 2 arenas. An API-only process (uploads, no engine) also holds
 * glibc's mmap threshold, at 32 KB: left free it rises to the size of the largest block freed
 * (a 10 MB upload), and later ones land in the heap, where they are not given back (bench:api,
 * a minute after 8 × two 10 MB JPEGs: +148 MB without; +39 MB at 128 KB); at 32 KB the 64 KB
 * socket reads an upload body arrives in are mapped too, and given back once read (-26 MB).
 * Its young generation is held at 4 MB semi-spaces instead of V8's 16: an API process's short-
 * lived objects are small, and the larger spaces only stood in memory (idle RSS 198 → 169 MB;
 * upload peak 391-404 MB before, 355-370 after).
 */
export function serverEnv(env = process.env) {
  const out = { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
  if (env.ROLE === 'api') {
    out.MALLOC_MMAP_THRESHOLD_ = env.MALLOC_MMAP_THRESHOLD_ ?? '32768';
    if (!/--max-semi-space-size/.test(env.NODE_OPTIONS ?? '')) out.NODE_OPTIONS = [env.NODE_OPTIONS, '--max-semi-space-size=4'].filter(Boolean).join(' ');
  }
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
