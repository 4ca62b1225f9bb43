// Starts the real server (tsx apps/server/src/main.ts, serving apps/web/dist) on a free port
// with its own temporary DATA_DIR. Used by the global setup for the shared server; a spec that
// needs a server with other settings can start its own:
//
//   const server = await startServer({ env: { SOME_SETTING: '1' } });
//   ... page.goto(`${server.url}/login`) ...
//   await server.stop();
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LIMITS } from './limits.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface StartServerOptions {
  /** Extra environment for the server (wins over the defaults below); a function gets the server's URL (e.g. for PUBLIC_URL). */
  env?: Record<string, string> | ((url: string) => Record<string, string>);
  /** How long to wait for /app/api/health to answer (default LIMITS.serverStart). */
  startTimeoutMs?: number;
  /** Name used for the log file under .tmp/ (default "e2e-server"). */
  name?: string;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** The server's stdout and stderr. */
  logFile: string;
  process: ChildProcess;
  /** SIGTERM (graceful), SIGKILL after 15 s, then deletes the data directory. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'visage-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  const logFile = join(REPO_ROOT, '.tmp', `${options.name ?? 'e2e-server'}-${port}.log`);
  const log = createWriteStream(logFile);

  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo catalogue is analysed in the background at start: specs that want it turn it on.
      DEMO_CONTENT: 'false',
      // Every spec signs up from 127.0.0.1 on the shared server; the flood limit has a server test.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // VISAGE_E2E_WEB_DIST: test a build kept elsewhere (e.g. while someone rebuilds apps/web/dist).
      WEB_DIST: process.env.VISAGE_E2E_WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist'),
      ...(typeof options.env === 'function' ? options.env(url) : options.env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, options.startTimeoutMs ?? LIMITS.serverStart);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nServer log: ${logFile}`);
  }
  return { url, port, dataDir, logFile, process: child, stop };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was ready (code ${child.exitCode ?? child.signalCode}).`);
    }
    try {
      // A busy server may hold the connection: never past the deadline.
      const response = await fetch(`${url}/app/api/health`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      if (response.ok) return;
    } catch {
      // Not listening yet (or the deadline passed: the loop ends).
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url}/app/api/health within ${timeoutMs} ms.`);
}
