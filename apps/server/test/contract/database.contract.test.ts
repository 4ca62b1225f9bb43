// Contract for the database layer: the same migrations and the same queries behave the
// same on SQLite and PostgreSQL (PostgreSQL when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest, type Db } from '../../src/infra/db/database.ts';
import { migrations } from '../../src/infra/db/migrations/index.ts';
import { databaseTargets, type TestDatabase } from '../support/databases.ts';

const job = (id: string, extra: Partial<Record<string, unknown>> = {}) => ({
  id,
  name: 'test.job',
  payload: '{}',
  status: 'queued' as const,
  max_attempts: 3,
  run_at: 1_700_000_000_123,
  locked_until: null,
  locked_by: null,
  progress: null,
  result: null,
  error: null,
  created_at: 1_700_000_000_123,
  updated_at: 1_700_000_000_123,
  ...extra,
});

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`database contract: ${target.kind}`, () => {
    let database: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      database = await target.create();
      db = createDatabase(database.url).db;
      await migrateToLatest(db);
    });
    afterAll(async () => {
      await db?.destroy();
      await database?.drop();
    });

    it('applies every migration once and a second run changes nothing', async () => {
      await migrateToLatest(db);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    });

    it('round-trips epoch-millisecond bigints as numbers and JSON text unchanged', async () => {
      const big = 4_102_444_800_000; // 2100-01-01, far past 32 bits
      const payload = JSON.stringify({ name: 'Zoë 😀', list: [1, 2.5, null], nested: { ok: true } });
      await db.insertInto('jobs').values(job('rt-1', { run_at: big, payload })).execute();
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', 'rt-1').executeTakeFirstOrThrow();
      expect(row.run_at).toBe(big);
      expect(typeof row.created_at).toBe('number');
      expect(row.attempts).toBe(0);
      expect(row.locked_until).toBeNull();
      expect(JSON.parse(row.payload)).toEqual(JSON.parse(payload));
    });

    it('supports ON CONFLICT DO NOTHING and RETURNING the same way', async () => {
      await db.insertInto('jobs').values(job('oc-1')).execute();
      const res = await db
        .insertInto('jobs')
        .values(job('oc-1', { name: 'other' }))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      expect(res).toEqual([]);
      const updated = await db.updateTable('jobs').set({ attempts: sql`attempts + 1` }).where('id', '=', 'oc-1').returning(['id', 'attempts', 'name']).execute();
      expect(updated).toEqual([{ id: 'oc-1', attempts: 1, name: 'test.job' }]);
    });

    it('rolls a failed transaction back completely', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('jobs').values(job('tx-1')).execute();
          await trx.insertInto('jobs').values(job('tx-1')).execute(); // duplicate key
        }),
      ).rejects.toThrow();
      expect(await db.selectFrom('jobs').select('id').where('id', '=', 'tx-1').executeTakeFirst()).toBeUndefined();
    });

    it('takes concurrent writes from two connections without losing any', async () => {
      const other = createDatabase(database.url).db;
      try {
        const writes = (conn: Db, prefix: string) =>
          Promise.all(Array.from({ length: 40 }, (_, i) => conn.insertInto('jobs').values(job(`${prefix}-${i}`)).execute()));
        await Promise.all([writes(db, 'cw-a'), writes(other, 'cw-b')]);
        const { count } = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('id', 'like', 'cw-%')
          .executeTakeFirstOrThrow();
        expect(Number(count)).toBe(80);
      } finally {
        await other.destroy();
      }
    });

    it('rejects a NULL in a NOT NULL column', async () => {
      await expect(db.insertInto('jobs').values(job('nn-1', { name: null })).execute()).rejects.toThrow();
    });
  });
}
