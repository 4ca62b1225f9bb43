// Migration 0004_consent on data written before it: form sign-ups keep their terms and get
// method signup-form, operator-made password accounts admin-cli, older OIDC accounts nothing
// (they are asked at their next sign-in); nobody gets an age confirmation they never gave.
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/infra/db/database.ts';
import { migrations } from '../../src/infra/db/migrations/index.ts';
import { databaseTargets } from '../support/databases.ts';

const user = (uid: string, extra: Record<string, unknown>) => ({
  uid,
  email: `${uid}@example.com`,
  password_hash: null,
  role: 'user',
  pic: '',
  nom: '',
  prenom: '',
  gender: '',
  birthday: '',
  pays: '',
  ville: '',
  email_verified: 0,
  ip: '127.0.0.1',
  subscription: 'free',
  customer_id: '',
  usage: 0,
  reset_date: '2026-12-01',
  terms_version: null,
  terms_accepted_at: null,
  created_at: 1000,
  updated_at: 1000,
  ...extra,
});

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`0004_consent backfill (${target.kind})`, () => {
    it('records what each older account did consent to, and nothing more', async () => {
      const database = await target.create();
      const { db } = createDatabase(database.url);
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await migrator.migrateTo('0003_swaps')).error).toBeUndefined();
        await db
          .insertInto('users')
          .values([
            user('form', { password_hash: 'h', terms_version: '2023-11-15', terms_accepted_at: 5000 }),
            user('cli', { password_hash: 'h' }),
            user('oidc', {}),
          ] as never)
          .execute();
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        const rows = await db.selectFrom('users').select(['uid', 'terms_version', 'terms_accepted_at', 'consent_method', 'age_confirmed_at']).orderBy('uid').execute();
        expect(rows).toEqual([
          { uid: 'cli', terms_version: null, terms_accepted_at: 1000, consent_method: 'admin-cli', age_confirmed_at: null },
          { uid: 'form', terms_version: '2023-11-15', terms_accepted_at: 5000, consent_method: 'signup-form', age_confirmed_at: null },
          { uid: 'oidc', terms_version: null, terms_accepted_at: null, consent_method: null, age_confirmed_at: null },
        ]);
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
