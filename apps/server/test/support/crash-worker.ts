// A worker process for the crash test (test/contract/queue-crash.test.ts). It opens the
// queue named by its environment and runs `crash.work` jobs. With VICTIM=1 it hangs inside
// the job so the test can SIGKILL it mid-job; otherwise it completes the job with two side
// effects that cannot silently happen twice: a file created with O_EXCL, and a database row.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { createDatabase, type Db } from '../../src/infra/db/database.ts';
import { BullMqJobQueue, createJobRegistry, defineJob, LocalJobQueue, type JobQueue } from '../../src/infra/queue/index.ts';

export const crashJob = defineJob('crash.work', z.object({ label: z.string() }));

const env = process.env;
const markDir = env.MARK_DIR!;
const tuning = { concurrency: 1, leaseMs: Number(env.LEASE_MS ?? 1500), pollMs: 50, defaultMaxAttempts: 3, backoffMs: 50 };

let db: Db | null = null;
if (env.QUEUE_DRIVER === 'local') {
  db = createDatabase(env.DATABASE_URL!).db;
  await db.schema.createTable('crash_effects').ifNotExists().addColumn('job_id', 'varchar(64)').addColumn('pid', 'integer').execute();
}

const registry = createJobRegistry().handle(crashJob, async (payload, ctx) => {
  writeFileSync(join(markDir, `started-${ctx.attempt}-${process.pid}`), '', { flag: 'wx' });
  await ctx.reportProgress({ stage: 'started', pid: process.pid });
  if (env.VICTIM === '1') {
    writeFileSync(join(markDir, 'victim-running'), String(process.pid));
    await new Promise(() => undefined); // killed here
  }
  await new Promise((r) => setTimeout(r, 300));
  // O_EXCL: a second completion anywhere would throw EEXIST and fail the job visibly.
  writeFileSync(join(markDir, 'done'), `${process.pid} ${payload.label}`, { flag: 'wx' });
  appendFileSync(join(markDir, 'completions'), `${process.pid}\n`);
  if (db) await sql`insert into crash_effects (job_id, pid) values (${ctx.jobId}, ${process.pid})`.execute(db);
  return { pid: process.pid };
}, {
  // Marks which process saw the job fail for good (a lapsed last attempt included).
  onFailed: async (payload, error) => writeFileSync(join(markDir, `onfailed-${process.pid}`), `${payload.label}: ${error}`, { flag: 'wx' }),
});

const queue: JobQueue =
  env.QUEUE_DRIVER === 'bullmq'
    ? new BullMqJobQueue(registry, { ...tuning, redisUrl: env.REDIS_URL!, queueName: env.QUEUE_NAME!, stalledIntervalMs: 300 })
    : new LocalJobQueue(db!, /^postgres/.test(env.DATABASE_URL!) ? 'postgres' : 'sqlite', registry, tuning);

await queue.start();
writeFileSync(join(markDir, `ready-${process.pid}`), '');

process.on('SIGTERM', () => {
  void (async () => {
    await queue.close();
    await db?.destroy();
    process.exit(0);
  })();
});
