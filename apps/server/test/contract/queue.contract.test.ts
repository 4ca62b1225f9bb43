// Contract for JobQueue: the local queue (SQLite, PostgreSQL) and BullMQ (Redis) run the
// same typed jobs with the same guarantees: validation, idempotent ids, retries with
// backoff, progress events across instances, leases, graceful stop and release.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createJobRegistry,
  defineJob,
  InvalidJobPayloadError,
  PermanentJobError,
  UnknownJobError,
  type JobQueue,
  type JobRecord,
  type LocalJobQueue,
} from '../../src/infra/queue/index.ts';
import { queueTargets, type QueueBackend } from '../support/queues.ts';
import { sleep, waitUntil } from '../support/tmp.ts';

const echoJob = defineJob('test.echo', z.object({ n: z.number().int(), text: z.string().default('') }));
const flakyJob = defineJob('test.flaky', z.object({ failTimes: z.number().int() }), { maxAttempts: 4 });
const slowJob = defineJob('test.slow', z.object({ ms: z.number().int() }));
const otherJob = defineJob('test.other', z.object({}));

async function finished(queue: JobQueue, id: string, timeoutMs = 30_000): Promise<JobRecord> {
  return waitUntil(async () => {
    const job = await queue.get(id);
    return job && (job.status === 'done' || job.status === 'failed') ? job : null;
  }, timeoutMs, `job ${id} to finish`);
}

for (const target of queueTargets) {
  describe.runIf(target.enabled)(`queue contract: ${target.name}`, () => {
    let backend: QueueBackend;
    beforeEach(async () => {
      backend = await target.open();
    });
    afterEach(async () => backend?.cleanup());

    it('runs a typed job once and stores its result; get() on an unknown id is null', async () => {
      const calls: unknown[] = [];
      const registry = createJobRegistry().handle(echoJob, async (payload, ctx) => {
        calls.push({ payload, attempt: ctx.attempt, jobId: ctx.jobId });
        return { doubled: payload.n * 2 };
      });
      const queue = backend.queue(registry);
      const id = await queue.enqueue(echoJob, { n: 21, text: 'hi' });
      const queued = await queue.get(id);
      expect(queued).toMatchObject({ id, name: 'test.echo', status: 'queued', attempts: 0, payload: { n: 21, text: 'hi' }, result: null, error: null });
      expect(queued!.createdAt).toBeGreaterThan(Date.now() - 60_000);

      await queue.start();
      const done = await finished(queue, id);
      expect(done).toMatchObject({ status: 'done', attempts: 1, result: { doubled: 42 }, error: null });
      expect(done.updatedAt).toBeGreaterThanOrEqual(done.createdAt);
      expect(calls).toEqual([{ payload: { n: 21, text: 'hi' }, attempt: 1, jobId: id }]);
      expect(await queue.get('no-such-job')).toBeNull();
    });

    it('rejects an invalid payload, an unknown job name and a bad job id, storing nothing', async () => {
      const queue = backend.queue(createJobRegistry().handle(echoJob, async () => null));
      await expect(queue.enqueue(echoJob, { n: 'x' } as never, { jobId: 'bad-payload' })).rejects.toThrow(InvalidJobPayloadError);
      await expect(queue.enqueue('test.missing', {}, { jobId: 'bad-name' })).rejects.toThrow(UnknownJobError);
      await expect(queue.enqueue(echoJob, { n: 1 }, { jobId: '../x' })).rejects.toThrow(/Invalid job id/);
      await expect(queue.enqueue(echoJob, { n: 1 }, { jobId: '12345' })).rejects.toThrow(/Invalid job id/);
      expect(await queue.get('bad-payload')).toBeNull();
      expect(await queue.get('bad-name')).toBeNull();
    });

    it('makes enqueue idempotent with an explicit job id', async () => {
      let runs = 0;
      const queue = backend.queue(createJobRegistry().handle(echoJob, async (p) => { runs += 1; return p.n; }));
      const a = await queue.enqueue(echoJob, { n: 1 }, { jobId: 'swap-abc' });
      const b = await queue.enqueue('test.echo', { n: 2 }, { jobId: 'swap-abc' });
      expect([a, b]).toEqual(['swap-abc', 'swap-abc']);
      await queue.start();
      expect((await finished(queue, a)).result).toBe(1);
      // Enqueueing a finished job's id again does not run it again either.
      await queue.enqueue(echoJob, { n: 3 }, { jobId: 'swap-abc' });
      await sleep(300);
      expect(runs).toBe(1);
      expect((await queue.get(a))!.payload).toEqual({ n: 1, text: '' });
    });

    it('removes a queued or finished job, and not one a worker is running', async () => {
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      const queue = backend.queue(createJobRegistry().handle(slowJob, async () => gate).handle(echoJob, async (p) => p.n));
      await queue.enqueue(echoJob, { n: 1 }, { jobId: 'erase-queued', delayMs: 60_000 });
      expect(await queue.remove('erase-queued')).toBe(true);
      expect(await queue.get('erase-queued')).toBeNull();
      expect(await queue.remove('never-there')).toBe(true);
      await queue.start();
      await queue.enqueue(slowJob, { ms: 0 }, { jobId: 'erase-running' });
      await waitUntil(async () => (await queue.get('erase-running'))?.status === 'running', 10_000, 'job to run');
      expect(await queue.remove('erase-running')).toBe(false);
      release();
      await finished(queue, 'erase-running');
      expect(await queue.remove('erase-running')).toBe(true);
      expect(await queue.get('erase-running')).toBeNull();
    });

    it('retries a failing job with growing delays and then succeeds', async () => {
      const startedAt: number[] = [];
      const queue = backend.queue(
        createJobRegistry().handle(flakyJob, async (p, ctx) => {
          startedAt.push(Date.now());
          if (ctx.attempt <= p.failTimes) throw new Error(`boom ${ctx.attempt}`);
          return 'ok';
        }),
        { backoffMs: 150 },
      );
      await queue.start();
      const id = await queue.enqueue(flakyJob, { failTimes: 2 });
      const job = await finished(queue, id);
      expect(job).toMatchObject({ status: 'done', attempts: 3, result: 'ok', error: null, maxAttempts: 4 });
      expect(startedAt).toHaveLength(3);
      const [g1, g2] = [startedAt[1]! - startedAt[0]!, startedAt[2]! - startedAt[1]!];
      expect(g1).toBeGreaterThanOrEqual(150 * 0.8 - 5);
      expect(g2).toBeGreaterThanOrEqual(300 * 0.8 - 5);
    });

    it('fails after max attempts with the last error, and at once on a permanent error', async () => {
      let permanentRuns = 0;
      const failedHooks: unknown[] = [];
      const queue = backend.queue(
        createJobRegistry()
          .handle(flakyJob, async (_p, ctx) => {
            throw new Error(`still broken (attempt ${ctx.attempt})`);
          }, { onFailed: async (p, error) => void failedHooks.push({ p, error }) })
          .handle(otherJob, async () => {
            permanentRuns += 1;
            throw new PermanentJobError('no face found');
          }, { onFailed: async (p, error) => void failedHooks.push({ p, error }) }),
        { backoffMs: 10 },
      );
      await queue.start();
      const a = await queue.enqueue(flakyJob, { failTimes: 9 }, { maxAttempts: 2 });
      const b = await queue.enqueue(otherJob, {});
      expect(await finished(queue, a)).toMatchObject({ status: 'failed', attempts: 2, maxAttempts: 2, error: 'still broken (attempt 2)' });
      expect(await finished(queue, b)).toMatchObject({ status: 'failed', attempts: 1, error: 'no face found' });
      expect(permanentRuns).toBe(1);
      // The onFailed hook runs once per job, on its terminal failure only (not between retries).
      await waitUntil(() => failedHooks.length >= 2, 5000, 'the onFailed hooks');
      await sleep(200);
      expect(failedHooks).toHaveLength(2);
      expect(failedHooks).toContainEqual({ p: { failTimes: 9 }, error: 'still broken (attempt 2)' });
      expect(failedHooks).toContainEqual({ p: {}, error: 'no face found' });
    });

    it('reports progress to get() and to subscribers in another instance', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const registry = createJobRegistry().handle(echoJob, async (p, ctx) => {
        await ctx.reportProgress({ stage: 'detect', fraction: 0.25 });
        await gate;
        void ctx.reportProgress({ stage: 'blend', fraction: 0.75 });
        return { n: p.n };
      });
      const api = backend.queue(registry); // never started, like ROLE=api
      const worker = backend.queue(registry);
      await worker.start();
      const id = await api.enqueue(echoJob, { n: 7 });
      const seen: JobRecord[] = [];
      const unsubscribe = api.subscribe(id, (job) => seen.push(job));
      await waitUntil(() => seen.some((j) => j.status === 'running' && JSON.stringify(j.progress) === '{"stage":"detect","fraction":0.25}'), 10_000, 'first progress');
      expect((await api.get(id))!.progress).toEqual({ stage: 'detect', fraction: 0.25 });
      release();
      await waitUntil(() => seen.some((j) => j.status === 'done'), 10_000, 'done event');
      unsubscribe();
      const last = seen.at(-1)!;
      expect(last).toMatchObject({ status: 'done', result: { n: 7 }, progress: { stage: 'blend', fraction: 0.75 } });
      const statuses = seen.map((j) => j.status);
      expect(statuses.indexOf('running')).toBeLessThan(statuses.indexOf('done'));
    });

    it('does not run a delayed job early', async () => {
      let ranAt = 0;
      const queue = backend.queue(createJobRegistry().handle(echoJob, async () => { ranAt = Date.now(); }));
      await queue.start();
      const t0 = Date.now();
      const id = await queue.enqueue(echoJob, { n: 1 }, { delayMs: 700 });
      const early = await queue.get(id);
      if (Date.now() - t0 < 600) expect(early!.status).toBe('queued');
      await finished(queue, id);
      expect(ranAt - t0).toBeGreaterThanOrEqual(690);
    });

    it('never runs more jobs at once than its concurrency', async () => {
      let current = 0;
      let peak = 0;
      const queue = backend.queue(
        createJobRegistry().handle(slowJob, async (p) => {
          current += 1;
          peak = Math.max(peak, current);
          await sleep(p.ms);
          current -= 1;
        }),
        { concurrency: 2 },
      );
      const ids = await Promise.all(Array.from({ length: 6 }, () => queue.enqueue(slowJob, { ms: 300 })));
      await queue.start();
      for (const id of ids) expect((await finished(queue, id)).status).toBe('done');
      expect(peak).toBe(2);
    });

    it('gives every job to exactly one of several competing workers', async () => {
      const runs = new Map<number, number>();
      const registry = createJobRegistry().handle(echoJob, async (p) => {
        runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
        await sleep(5);
      });
      const producer = backend.queue(registry);
      const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => producer.enqueue(echoJob, { n })));
      const workers = [backend.queue(registry), backend.queue(registry), backend.queue(registry)];
      await Promise.all(workers.map((w) => w.start()));
      for (const id of ids) expect((await finished(producer, id)).status).toBe('done');
      await sleep(200);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
      expect([...runs.values()].every((c) => c === 1)).toBe(true);
    });

    it('on stop(), lets a running job finish within the grace period and takes no new work', async () => {
      const registry = createJobRegistry().handle(slowJob, async (p) => {
        await sleep(p.ms);
        return 'finished';
      });
      const queue = backend.queue(registry, { concurrency: 1 });
      await queue.start();
      const id = await queue.enqueue(slowJob, { ms: 400 });
      await waitUntil(async () => (await queue.get(id))?.status === 'running', 5000, 'running');
      await queue.stop(5000);
      expect(await queue.get(id)).toMatchObject({ status: 'done', result: 'finished' });
      const later = await queue.enqueue(slowJob, { ms: 1 });
      await sleep(400);
      expect((await queue.get(later))!.status).toBe('queued');
    });

    it('on stop() past the grace period, releases the job so another worker completes it', async () => {
      const attempts: string[] = [];
      const firstRegistry = createJobRegistry().handle(slowJob, async (_p, ctx) => {
        attempts.push(`first:${ctx.attempt}`);
        await new Promise((r) => ctx.signal.addEventListener('abort', r));
        return 'should not be recorded';
      });
      const first = backend.queue(firstRegistry, { concurrency: 1 });
      await first.start();
      // One attempt only: a release at shutdown must not use it up (nor count as a crash).
      const id = await first.enqueue(slowJob, { ms: 0 }, { maxAttempts: 1 });
      await waitUntil(async () => (await first.get(id))?.status === 'running', 5000, 'running');
      const t0 = Date.now();
      await first.stop(200);
      expect(Date.now() - t0).toBeLessThan(8000);
      expect((await first.get(id))!.status).toBe('queued');

      const second = backend.queue(createJobRegistry().handle(slowJob, async () => { attempts.push('second'); return 'second'; }));
      await second.start();
      expect(await finished(second, id)).toMatchObject({ status: 'done', result: 'second' });
      expect(attempts).toEqual(['first:1', 'second']);
    });

    it('refuses to start when stored jobs have no handler', async () => {
      const producer = backend.queue(createJobRegistry().handle(otherJob, async () => null));
      await producer.enqueue(otherJob, {});
      const worker = backend.queue(createJobRegistry().handle(echoJob, async () => null));
      await expect(worker.start()).rejects.toThrow(/no handler registered: test\.other/);
    });
  });
}

describe('job registry', () => {
  it('fails start-up checks for a defined job without a handler, and refuses duplicates', () => {
    const registry = createJobRegistry([echoJob, slowJob]).handle(echoJob, async () => null);
    expect(() => registry.assertComplete()).toThrow(/no handler registered for job\(s\) test\.slow/);
    registry.handle(slowJob, async () => null);
    expect(() => registry.assertComplete()).not.toThrow();
    expect(() => registry.handle(slowJob, async () => null)).toThrow(/already has a handler/);
    expect(() => registry.handle(defineJob('test.echo', z.object({})), async () => null)).toThrow(/defined twice/);
    expect(() => defineJob('Bad Name', z.object({}))).toThrow(/Invalid job name/);
  });

  it('parses payloads with the schema (defaults applied) and names the failing field', () => {
    const registry = createJobRegistry().handle(echoJob, async () => null);
    expect(registry.parse('test.echo', { n: 3 })).toEqual({ n: 3, text: '' });
    expect(() => registry.parse('test.echo', { n: 1.5 })).toThrow(/Invalid payload for job "test\.echo": n:/);
  });
});

// The local queue's lease rules, checked against its rows directly.
for (const target of queueTargets.filter((t) => t.name.startsWith('local-'))) {
  describe.runIf(target.enabled)(`local queue leases: ${target.name}`, () => {
    let backend: QueueBackend;
    beforeEach(async () => {
      backend = await target.open();
    });
    afterEach(async () => backend?.cleanup());

    it('a worker that lost its lease is told so and cannot overwrite the new owner\'s outcome', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let firstAborted = false;
      const first = backend.queue(
        createJobRegistry().handle(slowJob, async (_p, ctx) => {
          ctx.signal.addEventListener('abort', () => (firstAborted = true));
          await gate;
          await ctx.reportProgress('late progress from the first worker');
          return 'first';
        }),
        { leaseMs: 600, concurrency: 1 },
      );
      await first.start();
      const id = await first.enqueue(slowJob, { ms: 0 });
      await waitUntil(async () => (await first.get(id))?.status === 'running', 5000, 'running');
      // The first worker stalls (a long GC pause, a frozen VM): its lease runs out.
      await backend.db!.updateTable('jobs').set({ locked_until: 0 }).where('id', '=', id).execute();
      const second = backend.queue(createJobRegistry().handle(slowJob, async () => 'second'));
      await second.start();
      expect(await finished(second, id)).toMatchObject({ status: 'done', result: 'second', attempts: 2 });
      await waitUntil(() => firstAborted, 5000, 'the first worker to see its lease lost');
      release();
      await sleep(300);
      expect(await second.get(id)).toMatchObject({ status: 'done', result: 'second', attempts: 2 });
      expect((await second.get(id))!.progress).not.toBe('late progress from the first worker');
    });

    it('fences every write on the claim: a stale worker that finishes late changes nothing', async () => {
      let releaseFirst!: () => void;
      const firstGate = new Promise<void>((r) => (releaseFirst = r));
      let firstDone = false;
      // A lease long enough that no heartbeat tells the first worker it lost the job.
      const first = backend.queue(
        createJobRegistry().handle(slowJob, async (_p, ctx) => {
          await firstGate;
          await ctx.reportProgress('stale progress');
          firstDone = true;
          return 'first';
        }),
        { leaseMs: 60_000, concurrency: 1 },
      );
      await first.start();
      const id = await first.enqueue(slowJob, { ms: 0 });
      await waitUntil(async () => (await first.get(id))?.status === 'running', 5000, 'running');
      await backend.db!.updateTable('jobs').set({ locked_until: 0 }).where('id', '=', id).execute();

      let releaseSecond!: () => void;
      const secondGate = new Promise<void>((r) => (releaseSecond = r));
      const second = backend.queue(
        createJobRegistry().handle(slowJob, async (_p, ctx) => {
          await ctx.reportProgress('second working');
          await secondGate;
          return 'second';
        }),
      );
      await second.start();
      await waitUntil(async () => (await second.get(id))?.progress === 'second working', 10_000, 'the second worker to take over');

      releaseFirst();
      await waitUntil(() => firstDone, 5000, 'the stale worker to finish');
      await sleep(200);
      expect(await second.get(id)).toMatchObject({ status: 'running', attempts: 2, progress: 'second working', result: null });
      releaseSecond();
      expect(await finished(second, id)).toMatchObject({ status: 'done', result: 'second', progress: 'second working' });
    });

    it('fails a job whose worker vanished during its last attempt', async () => {
      const id = await backend.queue(createJobRegistry().handle(slowJob, async () => null)).enqueue(slowJob, { ms: 0 }, { maxAttempts: 1 });
      // What a SIGKILLed worker leaves behind: running, lease expired, no attempts left.
      await backend.db!.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'gone:1', locked_until: Date.now() - 1 }).where('id', '=', id).execute();
      let ran = false;
      const hooked: unknown[] = [];
      const worker = backend.queue(createJobRegistry().handle(slowJob, async () => { ran = true; }, { onFailed: async (p) => void hooked.push(p) }));
      await worker.start();
      expect(await finished(worker, id)).toMatchObject({ status: 'failed', attempts: 1, error: 'The worker running this job stopped and no attempts are left.' });
      expect(ran).toBe(false);
      // The lapsed lease's failure runs the job's onFailed hook too (a swap must not stay running).
      await waitUntil(() => hooked.length > 0, 5000, 'the onFailed hook');
      expect(hooked).toEqual([{ ms: 0 }]);
    });

    it('removes finished jobs past their retention and keeps everything else', async () => {
      const queue = backend.queue(createJobRegistry().handle(slowJob, async () => null), { retentionMs: 60_000 });
      const [oldDone, newDone, oldQueued] = await Promise.all([0, 1, 2].map(() => queue.enqueue(slowJob, { ms: 0 })));
      const old = Date.now() - 120_000;
      await backend.db!.updateTable('jobs').set({ status: 'done', updated_at: old }).where('id', '=', oldDone!).execute();
      await backend.db!.updateTable('jobs').set({ status: 'done' }).where('id', '=', newDone!).execute();
      await backend.db!.updateTable('jobs').set({ updated_at: old }).where('id', '=', oldQueued!).execute();
      expect(await (queue as LocalJobQueue).prune()).toBe(1);
      expect(await queue.get(oldDone!)).toBeNull();
      expect((await queue.get(newDone!))!.status).toBe('done');
      expect((await queue.get(oldQueued!))!.status).toBe('queued');
    });
  });
}
