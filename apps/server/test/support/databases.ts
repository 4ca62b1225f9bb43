// Throw-away databases for tests: a SQLite file in a temp folder, or a fresh PostgreSQL
// database created beside TEST_DATABASE_URL's (dropped afterwards), so suites never share state.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DatabaseKind, type Db } from '../../src/infra/db/database.ts';
import { testEnv } from './env.ts';
import { tempDir } from './tmp.ts';

export interface TestDatabase {
  kind: DatabaseKind;
  /** A DATABASE_URL for this database (a file path for SQLite). */
  url: string;
  /** Removes the database; close every connection to it first. */
  drop(): Promise<void>;
}

export interface DatabaseTarget {
  kind: DatabaseKind;
  enabled: boolean;
  create(): Promise<TestDatabase>;
}

export async function createSqliteDatabase(): Promise<TestDatabase> {
  const tmp = tempDir('visage-db-');
  return { kind: 'sqlite', url: join(tmp.dir, 'test.db'), drop: async () => tmp.remove() };
}

export async function createPostgresDatabase(baseUrl = testEnv.databaseUrl): Promise<TestDatabase> {
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `visage_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // pg's pool.end() resolves before its sockets are closed; terminating those from here
        // would surface as an error on the closing client. Wait for them to go, then drop.
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const databaseTargets: DatabaseTarget[] = [
  { kind: 'sqlite', enabled: true, create: createSqliteDatabase },
  { kind: 'postgres', enabled: Boolean(testEnv.databaseUrl), create: () => createPostgresDatabase() },
];

/** A migrated Kysely instance on a fresh database of the given kind. */
export async function openMigrated(target: DatabaseTarget): Promise<{ db: Db; database: TestDatabase; close(): Promise<void> }> {
  const database = await target.create();
  const { db } = createDatabase(database.url);
  await migrateToLatest(db);
  return {
    db,
    database,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
