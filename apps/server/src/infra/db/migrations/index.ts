// One ordered list of migrations that run on SQLite and PostgreSQL alike.
// Add new ones with the next number; never edit one that has shipped.
// Key = file name: a unique number, then what it does. Databases that recorded older names are
// brought to these keys before migrating (renamed.ts).
import type { Migration } from 'kysely';
import * as m0001 from './0001_jobs.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_swaps.ts';
import * as m0004 from './0004_consent.ts';
import * as m0005 from './0005_sign_in_counters.ts';
import * as m0006 from './0006_swap_quota.ts';
import * as m0007 from './0007_catalogues.ts';
import * as m0008 from './0008_saved_faces.ts';
import * as m0009 from './0009_billing.ts';
import * as m0010 from './0010_account_data.ts';
import * as m0011 from './0011_one_pending_export.ts';
import * as m0012 from './0012_email_links.ts';
import * as m0013 from './0013_color_scheme.ts';
import * as m0014 from './0014_export_allowance.ts';
import * as m0015 from './0015_api_keys.ts';
import * as m0016 from './0016_webhooks.ts';
import * as m0017 from './0017_my_faces.ts';
import * as m0018 from './0018_swap_faces.ts';
import * as m0019 from './0019_webhook_previous_secret.ts';
import * as m0020 from './0020_video.ts';

export const migrations: Record<string, Migration> = {
  '0001_jobs': m0001,
  '0002_accounts': m0002,
  '0003_swaps': m0003,
  '0004_consent': m0004,
  '0005_sign_in_counters': m0005,
  '0006_swap_quota': m0006,
  '0007_catalogues': m0007,
  '0008_saved_faces': m0008,
  '0009_billing': m0009,
  '0010_account_data': m0010,
  '0011_one_pending_export': m0011,
  '0012_email_links': m0012,
  '0013_color_scheme': m0013,
  '0014_export_allowance': m0014,
  '0015_api_keys': m0015,
  '0016_webhooks': m0016,
  '0017_my_faces': m0017,
  '0018_swap_faces': m0018,
  '0019_webhook_previous_secret': m0019,
  '0020_video': m0020,
};
