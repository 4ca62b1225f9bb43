// Helpers for the account-and-data suites: a real swap through the app, every table's rows,
// every storage key, and the app on a chosen database and storage adapter.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { SwapItem, SwapList } from '@visage/contracts';
import type { Db } from '../../src/infra/db/database.ts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import type { DatabaseTarget } from '../support/databases.ts';
import { testEnv } from '../support/env.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';

export const TARGET = '012_ai-sfhq-east-asian-woman.jpg';
export const FACE = '008_ai-sfhq-frontal-glasses-darkskin.jpg';

export interface Who {
  cookie: string;
  uid: string;
  email: string;
}

/** The app on `db` (SQLite or PostgreSQL) and `storage` (local disk or S3 under a fresh prefix). */
export async function appOn(db: DatabaseTarget, storage: 'local' | 's3', env: Record<string, string> = {}): Promise<{ t: TestApp; drop(): Promise<void> }> {
  const database = await db.create();
  const s3: Record<string, string> =
    storage === 's3'
      ? {
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: testEnv.s3Endpoint ?? '',
          S3_BUCKET: testEnv.s3Bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_PREFIX: `t-${randomBytes(6).toString('hex')}`,
        }
      : {};
  const t = await makeApp({ DATABASE_URL: database.url, ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1', JOB_POLL_MS: '100', ...s3, ...env });
  return {
    t,
    async drop() {
      await t.close();
      await database.drop();
    },
  };
}

export async function uploadSwap(app: FastifyInstance, who: Who, target = fixture(TARGET), face = fixture(FACE)): Promise<string> {
  const form = multipart([
    { name: 'uid', value: who.uid },
    { name: 'target', filename: 'target.jpg', contentType: 'image/jpeg', body: target },
    { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: face },
  ]);
  const res = await app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
  if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

export async function waitForSwap(app: FastifyInstance, who: Who, id: string, timeoutMs = 120_000): Promise<SwapItem> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ url: `/app/api/swaps/${who.uid}?include=pending`, headers: { cookie: who.cookie } });
    const item = res.json<SwapList>()[id];
    if (item && (item.status === 'done' || item.status === 'failed')) return item;
    if (Date.now() > until) throw new Error(`swap ${id} still ${item?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every table's name (migration bookkeeping included) on either database. */
export async function tableNames(db: Db, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  return rows.map((r) => r.name);
}

/** Every row of every table as JSON text, keyed by table. */
export async function dumpTables(db: Db, kind: 'sqlite' | 'postgres'): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await tableNames(db, kind)) {
    const { rows } = await sql`select * from ${sql.table(name)}`.execute(db);
    out[name] = JSON.stringify(rows);
  }
  return out;
}
