// Migration names: each key is its file's name with a number of its own, and a database that
// recorded the names used before the renumbering still migrates (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set).
import { readdirSync } from 'node:fs';
import { Migrator, sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Db } from '../../src/infra/db/database.ts';
import { migrations } from '../../src/infra/db/migrations/index.ts';
import { renamedMigrations } from '../../src/infra/db/migrations/renamed.ts';
import { databaseTargets } from '../support/databases.ts';

const keys = Object.keys(migrations).sort();

describe('migration names', () => {
  it('gives every migration a number of its own, in file order from 0001', () => {
    for (const key of keys) expect(key).toMatch(/^\d{4}_[a-z0-9_]+$/);
    const numbers = keys.map((k) => Number(k.slice(0, 4)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('names each key after its file, and lists every numbered file', () => {
    const folder = new URL('../../src/infra/db/migrations/', import.meta.url);
    const files = readdirSync(folder).filter((f) => /^\d/.test(f)).sort();
    expect(files).toEqual(keys.map((k) => `${k}.ts`));
  });

  it('maps every old name, itself no longer a key, to a current key', () => {
    for (const [from, to] of Object.entries(renamedMigrations)) {
      expect(keys).toContain(to);
      expect(keys).not.toContain(from);
    }
  });
});

/** The same migrations under the names older releases recorded. */
const oldNames: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations).map(([key, m]) => [Object.entries(renamedMigrations).find(([, to]) => to === key)?.[0] ?? key, m]),
);

async function recorded(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`migrations recorded under old names (${target.kind})`, () => {
    async function withDatabase(run: (db: Db) => Promise<void>): Promise<void> {
      const database = await target.create();
      const { db } = createDatabase(database.url);
      try {
        await run(db);
      } finally {
        await db.destroy();
        await database.drop();
      }
    }
    const oldMigrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => oldNames } });

    it('migrates a database that ran every migration under its old name', async () => {
      await withDatabase(async (db) => {
        expect((await oldMigrator(db).migrateToLatest()).error).toBeUndefined();
        expect(await recorded(db)).toContain('0004_sign_in_counters');
        await migrateToLatest(db);
        expect(await recorded(db)).toEqual(keys);
        await migrateToLatest(db);
        expect(await recorded(db)).toEqual(keys);
      });
    });

    it('runs the rest on a database stopped at the second 0004', async () => {
      await withDatabase(async (db) => {
        expect((await oldMigrator(db).migrateTo('0004_sign_in_counters')).error).toBeUndefined();
        await migrateToLatest(db);
        expect(await recorded(db)).toEqual(keys);
        // A table from a migration that ran only after the rename is there.
        await expect(db.selectFrom('catalogue_entries').select('id').execute()).resolves.toEqual([]);
      });
    });
  });
}
