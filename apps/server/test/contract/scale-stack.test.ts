// The scaled-out topology at work: one API process and two worker processes (scripts/lib-stack.mjs,
// as `npm run stack` starts them) over PostgreSQL, BullMQ on Redis and S3. A bulk of 15 is shared
// by both workers; one is SIGKILLed in the middle of a swap, and still every swap ends done exactly
// once, with no file in storage that no row names. Runs where all three back-ends are set (CI).
import { randomBytes } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkUpload, distinctTargets, signIn, stackEnv, startStack, type RunningStack } from '../../../../scripts/lib-stack.mjs';
import { createDatabase, type Db } from '../../src/infra/db/database.ts';
import { GOOD_PASSWORD } from '../auth/support/app.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/databases.ts';
import { testEnv } from '../support/env.ts';
import { fixture } from '../support/fixtures.ts';
import { s3TestStorage } from '../support/storages.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';

const enabled = Boolean(testEnv.databaseUrl && testEnv.redisUrl && testEnv.s3Endpoint);
const BULK = 15;

describe.skipIf(!enabled)('the scaled-out stack (1 API + 2 workers)', () => {
  const tag = randomBytes(5).toString('hex');
  let storage: ReturnType<typeof s3TestStorage> | undefined;
  let queue: Queue | undefined;
  let data: ReturnType<typeof tempDir> | undefined;
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  let stack: RunningStack | undefined;

  afterAll(async () => {
    await stack?.stop();
    await db?.destroy();
    await database?.drop();
    for (const key of (await storage?.list('').catch(() => [])) ?? []) await storage?.delete(key);
    await storage?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    data?.remove();
  }, 120_000);

  it('shares a bulk of 15 over both workers; one killed mid-swap, all 15 end done once, no stray file', async () => {
    storage = s3TestStorage(`scale-${tag}`);
    queue = new Queue(`scale-${tag}`, { connection: new Redis(testEnv.redisUrl!, { maxRetriesPerRequest: null }) });
    data = tempDir('visage-scale-');
    database = await createPostgresDatabase();
    const admin = { email: `ops-${tag}@example.com`, password: GOOD_PASSWORD };
    stack = await startStack({
      workers: 2,
      env: {
        ...stackEnv({ databaseUrl: database.url, redisUrl: testEnv.redisUrl!, s3Endpoint: testEnv.s3Endpoint!, bucket: testEnv.s3Bucket, s3Prefix: `scale-${tag}`, queueName: `scale-${tag}` }),
        DATA_DIR: data.dir,
        WEB_DIST: data.dir,
        NODE_ENV: 'test',
        DEMO_CONTENT: 'false',
        CONTENT_CHECK: 'false',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ENGINE_WORKERS: '1',
        // A dead worker's swap goes back to the queue within seconds.
        JOB_LEASE_MS: '4000',
      },
    });
    db = createDatabase(database.url).db;
    const workerName = new Map(stack.workers.map((w) => [w.child.pid!, w]));
    const pidOf = (job: Job) => Number(job.processedBy?.split(':').pop());

    const cookie = await signIn(stack.url, admin.email, admin.password);
    const swaps = await bulkUpload(stack.url, cookie, await distinctTargets(BULK, { longSide: 640, step: 8 }), fixture('012_ai-sfhq-east-asian-woman.jpg'));
    expect(swaps).toHaveLength(BULK);

    // Both workers have finished a swap, and one of them is in the middle of another: kill it there.
    const victim = await waitUntil(async () => {
      const done = await queue!.getJobs(['completed']);
      if (new Set(done.map(pidOf)).size < 2) return null;
      // A swap that has only just started, so the kill lands well before it could finish.
      const running = (await queue!.getJobs(['active'])).find((j) => workerName.has(pidOf(j)) && Date.now() - (j.processedOn ?? 0) < 300);
      return running ? { pid: pidOf(running), jobId: running.id! } : null;
    }, 240_000, 'both workers to finish a swap and one to be running another');
    const killed = workerName.get(victim.pid)!;
    killed.child.kill('SIGKILL');
    await new Promise((r) => killed.child.once('exit', r));
    const survivor = stack.workers.find((w) => w !== killed)!.child.pid!;

    const rows = await waitUntil(async () => {
      const all = await db!.selectFrom('swaps').selectAll().where('id', 'in', swaps.map((s) => s.id)).execute();
      return all.length === BULK && all.every((r) => r.status === 'done' || r.status === 'failed') ? all : null;
    }, 300_000, 'all 15 swaps to end');

    expect(rows.map((r) => r.status)).toEqual(Array(BULK).fill('done'));
    // A job is acknowledged just after its row says done: the last one may still be on its way.
    const completed = await waitUntil(async () => {
      const jobs = await queue!.getJobs(['completed']);
      return jobs.length >= BULK ? jobs : null;
    }, 60_000, 'all 15 jobs to be acknowledged');
    expect(completed).toHaveLength(BULK);
    expect(await queue.getJobs(['failed'])).toHaveLength(0);
    // Both processes took jobs; the killed worker's swap was finished by the other one.
    expect(new Set(completed.map(pidOf))).toEqual(new Set(stack.workers.map((w) => w.child.pid)));
    expect(pidOf(completed.find((j) => j.id === victim.jobId)!)).toBe(survivor);
    // Once each: one row per swap, counted once, one result and one thumbnail each.
    const { usage } = await db.selectFrom('users').select('usage').where('email', '=', admin.email).executeTakeFirstOrThrow();
    expect(usage).toBe(BULK);
    const named = new Set(rows.flatMap((r) => [r.source_key, r.target_key, r.result_key, r.thumb_key]));
    const stored = await storage.list('');
    expect(stored.filter((k) => k.startsWith('results/'))).toHaveLength(2 * BULK);
    expect(stored.filter((k) => !named.has(k))).toEqual([]);
    expect([...named].filter((k) => k && !stored.includes(k))).toEqual([]);
  }, 600_000);
});
