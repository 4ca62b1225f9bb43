// The server as a process and its roles: SIGTERM shuts it down cleanly (exit 0); ROLE=worker
// opens no HTTP port; ROLE=api never runs handlers, ROLE=all does. (Jobs running at SIGTERM:
// see the queue contract's stop() tests and the crash test's workers.)
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { defineJob } from '../../src/infra/queue/index.ts';
import { sleep, tempDir, waitUntil } from '../support/tmp.ts';
import { freePort } from '../../../../scripts/lib-stack.mjs';

const MAIN = resolve(import.meta.dirname, '../../src/main.ts');
const roleJob = defineJob('test.role', z.object({ n: z.number() }));


async function health(port: number): Promise<number | null> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/app/api/health`)).status;
  } catch {
    return null;
  }
}

describe('server process', () => {
  const children: ChildProcess[] = [];
  const dirs: Array<{ remove(): void }> = [];
  afterEach(() => {
    for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    children.length = 0;
    dirs.forEach((d) => d.remove());
    dirs.length = 0;
  });

  function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
    const data = tempDir('visage-proc-');
    dirs.push(data);
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'info', WEB_DIST: data.dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    children.push(child);
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    return { child, output: () => out, exit };
  }

  it('serves, then on SIGTERM stops listening and exits 0', async () => {
    const port = await freePort();
    const { child, exit, output } = start({ PORT: String(port), ROLE: 'all' });
    await waitUntil(async () => (await health(port)) === 200, 60_000, 'the server to answer');
    expect(output()).toContain('job worker started');
    // The content model is loaded at start-up, not on the first upload; the face models too, warmed up.
    await waitUntil(() => output().includes('content model loaded'), 60_000, 'the content model to load');
    const faces = await waitUntil(() => output().split('\n').find((l) => l.includes('"face models loaded"')), 60_000, 'the face models to load');
    const { warmUpMs } = JSON.parse(faces) as { warmUpMs: number[] };
    expect(warmUpMs.length).toBeGreaterThan(0);
    for (const ms of warmUpMs) expect(ms).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output()).toContain('shutting down');
    expect(await health(port)).toBeNull();
  }, 90_000);

  it('with ROLE=worker runs the job worker and opens no HTTP port', async () => {
    const port = await freePort();
    const { child, exit, output } = start({ PORT: String(port), ROLE: 'worker' });
    await waitUntil(() => output().includes('worker only: no HTTP'), 60_000, 'the worker to start');
    expect(output()).toContain('job worker started');
    expect(await health(port)).toBeNull();
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 90_000);
});

describe('roles in one process', () => {
  let ctx: AppContext | undefined;
  afterEach(async () => ctx?.close());

  it('ROLE=api enqueues but never runs a handler; ROLE=all runs it', async () => {
    const data = tempDir('visage-role-');
    try {
      const base = { LOG_LEVEL: 'silent', JOB_POLL_MS: '50' };
      ctx = await createContext(loadConfig({ ...base, DATA_DIR: `${data.dir}/api`, ROLE: 'api' }));
      let apiRuns = 0;
      ctx.jobs.handle(roleJob, async () => {
        apiRuns += 1;
      });
      const id = await ctx.queue.enqueue(roleJob, { n: 1 });
      await sleep(500);
      expect((await ctx.queue.get(id))!.status).toBe('queued');
      expect(apiRuns).toBe(0);
      await ctx.close();

      // A fresh store: a worker refuses to start while stored jobs have no handler.
      ctx = await createContext(loadConfig({ ...base, DATA_DIR: `${data.dir}/all`, ROLE: 'all' }));
      ctx.jobs.handle(roleJob, async (p) => ({ seen: p.n }));
      const id2 = await ctx.queue.enqueue(roleJob, { n: 1 });
      const job = await waitUntil(async () => {
        const j = await ctx!.queue.get(id2);
        return j?.status === 'done' ? j : null;
      }, 20_000, 'the job to run');
      expect(job.result).toEqual({ seen: 1 });
    } finally {
      await ctx?.close();
      ctx = undefined;
      data.remove();
    }
  });
});
