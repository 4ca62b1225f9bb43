// One ordered list of migrations that run on SQLite and PostgreSQL alike.
// Add new ones with the next number; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001_jobs.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_swaps.ts';
import * as m0009 from './0009_account_data.ts';

export const migrations: Record<string, Migration> = {
  '0001_jobs': m0001,
  '0002_accounts': m0002,
  '0003_swaps': m0003,
  '0009_account_data': m0009,
};
