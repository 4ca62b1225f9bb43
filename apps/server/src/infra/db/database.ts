// Builds the Kysely instance for the configured driver and applies migrations.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider, type SqliteDatabase, type SqliteStatement } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { renameRecordedMigrations } from './migrations/renamed.ts';

// PostgreSQL returns bigint (int8) as strings; our bigints are epoch ms, safe as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export function createDatabase(url: string): { db: Db; kind: DatabaseKind } {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  // WAL lets readers run beside the one writer; busy_timeout waits instead of failing
  // when a second process (a separate worker) holds the write lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros, so an erased account's data does not linger in free pages.
  sqlite.pragma('secure_delete = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), kind: 'sqlite' };
}

/**
 * Kysely prepares every query anew; compiling SQL is most of a small query's cost in SQLite.
 * Statements are reusable (Kysely runs each to completion synchronously), so keep them by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt as unknown as SqliteStatement;
    },
    close: () => sqlite.close(),
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Old recorded names are rewritten, not kept as keys, so every key stays its file's name.
  await renameRecordedMigrations(db);
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
