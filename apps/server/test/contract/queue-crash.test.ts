// The crash test: a worker process is SIGKILLed in the middle of a job; two fresh workers
// race for it once the lease expires, and the job completes exactly once (an O_EXCL file,
// a completions log and a database row prove it). Run for every queue adapter.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDatabase } from '../../src/infra/db/database.ts';
import { createJobRegistry, defineJob } from '../../src/infra/queue/index.ts';
import { queueTargets, type QueueBackend } from '../support/queues.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';

const crashJob = defineJob('crash.work', z.object({ label: z.string() }));
const WORKER = resolve(import.meta.dirname, '../support/crash-worker.ts');

function spawnWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null || child.signalCode ? r(child.exitCode) : child.once('exit', (code) => r(code))));

for (const target of queueTargets) {
  describe.runIf(target.enabled)(`queue crash recovery: ${target.name}`, () => {
    let backend: QueueBackend;
    let marks: ReturnType<typeof tempDir>;
    const children: ChildProcess[] = [];

    beforeEach(async () => {
      backend = await target.open();
      marks = tempDir('visage-crash-');
    });
    afterEach(async () => {
      for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
      await Promise.all(children.map(exited));
      children.length = 0;
      await backend?.cleanup();
      marks?.remove();
    });

    it('a worker SIGKILLed mid-job: another worker completes the job exactly once', async () => {
      const env = { ...backend.env, MARK_DIR: marks.dir, LEASE_MS: '1500' };
      const producer = backend.queue(createJobRegistry().handle(crashJob, async () => null));
      const id = await producer.enqueue(crashJob, { label: 'once' }, { jobId: 'crash-1', maxAttempts: 3 });

      const victim = spawnWorker({ ...env, VICTIM: '1' });
      children.push(victim);
      await waitUntil(() => existsSync(join(marks.dir, 'victim-running')), 60_000, 'the victim to start the job');
      expect(await producer.get(id)).toMatchObject({ status: 'running', attempts: 1, progress: { stage: 'started', pid: victim.pid } });
      victim.kill('SIGKILL');
      await exited(victim);
      expect(victim.signalCode).toBe('SIGKILL');

      // Two rescuers start together and compete for the abandoned job.
      const rescuers = [spawnWorker(env), spawnWorker(env)];
      children.push(...rescuers);
      const job = await waitUntil(async () => {
        const j = await producer.get(id);
        return j?.status === 'done' || j?.status === 'failed' ? j : null;
      }, 60_000, 'the job to finish');
      expect(job.status).toBe('done');
      expect(job.attempts).toBe(2);
      const winner = (job.result as { pid: number }).pid;
      expect(rescuers.map((r) => r.pid)).toContain(winner);

      // Give a duplicate the chance to show up, then stop the rescuers gracefully.
      await new Promise((r) => setTimeout(r, 2500));
      for (const r of rescuers) r.kill('SIGTERM');
      expect(await Promise.all(rescuers.map(exited))).toEqual([0, 0]);

      expect(readFileSync(join(marks.dir, 'done'), 'utf8')).toBe(`${winner} once`);
      expect(readFileSync(join(marks.dir, 'completions'), 'utf8')).toBe(`${winner}\n`);
      const started = readdirSync(marks.dir).filter((f) => f.startsWith('started-')).sort();
      expect(started).toEqual([`started-1-${victim.pid}`, `started-2-${winner}`]);
      if (backend.env.QUEUE_DRIVER === 'local') {
        const db = createDatabase(backend.env.DATABASE_URL!).db;
        try {
          const { rows } = await sql<{ job_id: string; pid: number }>`select job_id, pid from crash_effects`.execute(db);
          expect(rows).toEqual([{ job_id: id, pid: winner }]);
        } finally {
          await db.destroy();
        }
      }
      expect(await producer.get(id)).toMatchObject({ status: 'done', attempts: 2 });
    }, 180_000);

    it('a worker SIGKILLed on the job\'s last attempt: the job fails once and its onFailed hook runs', async () => {
      const env = { ...backend.env, MARK_DIR: marks.dir, LEASE_MS: '1500' };
      const producer = backend.queue(createJobRegistry().handle(crashJob, async () => null));
      const id = await producer.enqueue(crashJob, { label: 'last' }, { jobId: 'crash-last', maxAttempts: 1 });
      const victim = spawnWorker({ ...env, VICTIM: '1' });
      children.push(victim);
      await waitUntil(() => existsSync(join(marks.dir, 'victim-running')), 60_000, 'the victim to start the job');
      victim.kill('SIGKILL');
      await exited(victim);

      const rescuer = spawnWorker(env);
      children.push(rescuer);
      const job = await waitUntil(async () => {
        const j = await producer.get(id);
        return j?.status === 'done' || j?.status === 'failed' ? j : null;
      }, 60_000, 'the job to fail');
      expect(job).toMatchObject({ status: 'failed', error: 'The worker running this job stopped and no attempts are left.' });
      const hook = await waitUntil(() => readdirSync(marks.dir).find((f) => f.startsWith('onfailed-')), 10_000, 'the onFailed hook');
      expect(hook).toBe(`onfailed-${rescuer.pid}`);
      expect(readFileSync(join(marks.dir, hook), 'utf8')).toBe('last: The worker running this job stopped and no attempts are left.');
      // The handler never ran again.
      expect(readdirSync(marks.dir).filter((f) => f.startsWith('started-'))).toEqual([`started-1-${victim.pid}`]);
      rescuer.kill('SIGTERM');
      expect(await exited(rescuer)).toBe(0);
    }, 120_000);
  });
}
