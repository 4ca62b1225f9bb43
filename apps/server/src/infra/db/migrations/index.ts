// One ordered list of migrations that run on SQLite and PostgreSQL alike.
// Add new ones with the next number; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001_jobs.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_swaps.ts';
import * as m0004a from './0004_consent.ts';
import * as m0004b from './0004_sign_in_counters.ts';
import * as m0005 from './0005_swap_quota.ts';
import * as m0006 from './0006_catalogues.ts';
import * as m0007 from './0007_saved_faces.ts';
import * as m0008 from './0008_billing.ts';
import * as m0009 from './0009_account_data.ts';
import * as m0010 from './0010_one_pending_export.ts';

export const migrations: Record<string, Migration> = {
  '0001_jobs': m0001,
  '0002_accounts': m0002,
  '0003_swaps': m0003,
  '0004_consent': m0004a,
  '0004_sign_in_counters': m0004b,
  '0005_swap_quota': m0005,
  '0006_catalogues': m0006,
  '0007_saved_faces': m0007,
  '0008_billing': m0008,
  '0009_account_data': m0009,
  '0010_one_pending_export': m0010,
};
