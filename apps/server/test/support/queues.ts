// Queue back-ends for tests: the local queue on SQLite and on PostgreSQL (when
// TEST_DATABASE_URL is set), and BullMQ (when TEST_REDIS_URL is set). A backend can make
// several queue instances over the same store, standing in for separate processes.
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase, migrateToLatest, type Db } from '../../src/infra/db/database.ts';
import { BullMqJobQueue, LocalJobQueue, type JobQueue, type JobRegistry, type QueueTuning } from '../../src/infra/queue/index.ts';
import { createPostgresDatabase, createSqliteDatabase, type TestDatabase } from './databases.ts';
import { testEnv } from './env.ts';

export const testTuning: QueueTuning = { concurrency: 2, leaseMs: 2000, pollMs: 50, defaultMaxAttempts: 3, backoffMs: 50 };

export interface QueueBackend {
  /** A new queue instance over this backend's shared store. */
  queue(registry: JobRegistry, tuning?: Partial<QueueTuning>): JobQueue;
  /** The local queue's database (for tests that inspect or age rows); undefined for BullMQ. */
  db?: Db;
  /** Settings a child process needs to open the same store. */
  env: Record<string, string>;
  /** Closes every queue made here and removes the store. */
  cleanup(): Promise<void>;
}

export interface QueueTarget {
  name: 'local-sqlite' | 'local-postgres' | 'bullmq';
  enabled: boolean;
  open(): Promise<QueueBackend>;
}

async function localBackend(database: TestDatabase): Promise<QueueBackend> {
  const dbs: Db[] = [];
  const queues: JobQueue[] = [];
  const first = createDatabase(database.url).db;
  await migrateToLatest(first);
  dbs.push(first);
  return {
    db: first,
    env: { DATABASE_URL: database.url, QUEUE_DRIVER: 'local' },
    queue(registry, tuning) {
      // Each instance gets its own connection, as a separate process would.
      const db = createDatabase(database.url).db;
      dbs.push(db);
      const q = new LocalJobQueue(db, database.kind, registry, { ...testTuning, ...tuning });
      queues.push(q);
      return q;
    },
    async cleanup() {
      await Promise.allSettled(queues.map((q) => q.close()));
      await Promise.allSettled(dbs.map((d) => d.destroy()));
      await database.drop();
    },
  };
}

async function bullBackend(): Promise<QueueBackend> {
  const queueName = `t-${randomBytes(6).toString('hex')}`;
  const redisUrl = testEnv.redisUrl!;
  const queues: JobQueue[] = [];
  return {
    env: { REDIS_URL: redisUrl, QUEUE_DRIVER: 'bullmq', QUEUE_NAME: queueName },
    queue(registry, tuning) {
      const q = new BullMqJobQueue(registry, { ...testTuning, ...tuning, redisUrl, queueName, stalledIntervalMs: 500 });
      queues.push(q);
      return q;
    },
    async cleanup() {
      await Promise.allSettled(queues.map((q) => q.close()));
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const admin = new Queue(queueName, { connection });
      await admin.obliterate({ force: true }).catch(() => undefined);
      await admin.close();
      await connection.quit();
    },
  };
}

export const queueTargets: QueueTarget[] = [
  { name: 'local-sqlite', enabled: true, open: async () => localBackend(await createSqliteDatabase()) },
  { name: 'local-postgres', enabled: Boolean(testEnv.databaseUrl), open: async () => localBackend(await createPostgresDatabase()) },
  { name: 'bullmq', enabled: Boolean(testEnv.redisUrl), open: bullBackend },
];
