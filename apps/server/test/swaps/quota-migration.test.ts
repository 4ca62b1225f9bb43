// Migration 0006: swaps waiting or running at the upgrade were not counted yet (the old code
// counted at done), so the upgrade charges them to their user's current period.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../src/infra/db/database.ts';
import { migrations } from '../../src/infra/db/migrations/index.ts';
import { databaseTargets } from '../support/databases.ts';

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`migration 0006 (swap allowance): ${target.kind}`, () => {
    it('charges the swaps still waiting or running, and nothing else', async () => {
      const database = await target.create();
      const { db } = createDatabase(database.url);
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await migrator.migrateTo('0003_swaps')).error).toBeUndefined();
        await sql`insert into users (uid, email, password_hash, role, pic, nom, prenom, gender, birthday, pays, ville, email_verified, ip, subscription, customer_id, usage, reset_date, created_at, updated_at)
          values ('u1', 'a@example.com', null, 'user', '', 'A', 'B', '', '', '', '', 1, '', 'free', '', 2, '2026-12-01', 1, 1),
                 ('u2', 'b@example.com', null, 'user', '', 'A', 'B', '', '', '', '', 1, '', 'free', '', 5, '2026-12-01', 1, 1)`.execute(db);
        const swap = (id: string, uid: string, status: string) =>
          sql`insert into swaps (id, uid, mode, status, job_id, source_key, target_key, created_at) values (${id}, ${uid}, 'main', ${status}, ${`swap-${id}`}, 'k', 'k', 1)`.execute(db);
        await swap('s1', 'u1', 'queued');
        await swap('s2', 'u1', 'running');
        await swap('s3', 'u1', 'done');
        await swap('s4', 'u1', 'failed');
        await swap('s5', 'u2', 'done');
        await migrateToLatest(db);
        const users = await db.selectFrom('users').select(['uid', 'usage']).orderBy('uid').execute();
        expect(users).toEqual([{ uid: 'u1', usage: 4 }, { uid: 'u2', usage: 5 }]);
        const swaps = await db.selectFrom('swaps').select(['id', 'quota_period']).orderBy('id').execute();
        expect(swaps).toEqual([
          { id: 's1', quota_period: '2026-12-01' },
          { id: 's2', quota_period: '2026-12-01' },
          { id: 's3', quota_period: null },
          { id: 's4', quota_period: null },
          { id: 's5', quota_period: null },
        ]);
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
