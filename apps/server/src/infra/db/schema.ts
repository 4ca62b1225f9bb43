// Table types for Kysely, one file per part of the product under tables/. Portable across SQLite and
// PostgreSQL: timestamps are epoch milliseconds (bigint, parsed to number), booleans are 0/1
// integers, structured values are JSON text. Each migration that adds a table adds it to its file
// and to Database here.
import type { JobsTable } from './tables/jobs.ts';
import type { SwapsTable, VideoSegmentsTable } from './tables/swaps.ts';
import type { SavedFacesTable, MyFacesTable, MyFacePhotosTable } from './tables/faces.ts';
import type { UsersTable, SessionsTable, OidcIdentitiesTable, OidcFlowsTable, OidcPendingSignupsTable, EmailTokensTable, SignInCountersTable, SpentChallengesTable } from './tables/users.ts';
import type { CatalogueEntriesTable, CatalogueSeedsTable } from './tables/catalogue.ts';
import type { BillingEventsTable, DataExportsTable, ExportAllowancesTable } from './tables/account.ts';
import type { ApiKeysTable, IdempotencyKeysTable, WebhookEndpointsTable, WebhookDeliveriesTable } from './tables/developers.ts';

export type * from './tables/jobs.ts';
export type * from './tables/swaps.ts';
export type * from './tables/faces.ts';
export type * from './tables/users.ts';
export type * from './tables/catalogue.ts';
export type * from './tables/account.ts';
export type * from './tables/developers.ts';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_pending_signups: OidcPendingSignupsTable;
  sign_in_counters: SignInCountersTable;
  spent_challenges: SpentChallengesTable;
  swaps: SwapsTable;
  video_segments: VideoSegmentsTable;
  saved_faces: SavedFacesTable;
  my_faces: MyFacesTable;
  my_face_photos: MyFacePhotosTable;
  jobs: JobsTable;
  catalogue_entries: CatalogueEntriesTable;
  catalogue_seeds: CatalogueSeedsTable;
  billing_events: BillingEventsTable;
  data_exports: DataExportsTable;
  email_tokens: EmailTokensTable;
  export_allowances: ExportAllowancesTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
