// Table types for Kysely. Portable across SQLite and PostgreSQL: timestamps are
// epoch milliseconds (bigint, parsed to number), booleans are 0/1 integers,
// structured values are JSON text. Each migration that adds a table adds it here.
import type { Generated } from 'kysely';

export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: number;
  locked_until: number | null;
  locked_by: string | null;
  progress: string | null;
  result: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface SwapsTable {
  id: string;
  uid: string;
  mode: 'main' | 'proshoot' | 'prosoccer' | 'bulk' | 'admin_test';
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  source_key: string;
  target_key: string;
  result_key: string | null;
  thumb_key: string | null;
  error_code: string | null;
  error_message: string | null;
  metrics: string | null;
  created_at: number;
  completed_at: number | null;
  /** The usage period (users.reset_date) this swap was charged to; null once given back. */
  quota_period: string | null;
  /** The saved face a bulk swap was made with, or null. */
  face_id: string | null;
  /** When retention deleted the swap's photos under uploads/ (null while kept). */
  uploads_deleted_at: number | null;
  /** JSON: every source's photo keys, the (target face, source) pairs, each source's face; null for one face photo onto the largest face. */
  face_map: string | null;
  /** JSON: the target's faces as detected before the upload (the engine's TargetAnalysis), or null. */
  target_analysis: string | null;
}

export interface SavedFacesTable {
  uid: string;
  id: string;
  key: string;
  created_at: number;
  updated_at: number;
}

export interface MyFacesTable {
  id: string;
  uid: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface MyFacePhotosTable {
  id: string;
  face_id: string;
  uid: string;
  key: string;
  /** Base64 of the face's 1024 float32 identity descriptor. */
  descriptor: string;
  /** JSON: the face as detected and its light (the engine's SourcePhotoAnalysis). */
  facts: string;
  created_at: number;
}

export interface UsersTable {
  uid: string;
  email: string;
  password_hash: string | null;
  role: 'user' | 'operator' | 'admin';
  pic: string;
  nom: string;
  prenom: string;
  gender: string;
  birthday: string;
  pays: string;
  ville: string;
  email_verified: number;
  ip: string;
  subscription: string;
  customer_id: string;
  usage: number;
  reset_date: string;
  terms_version: string | null;
  terms_accepted_at: number | null;
  /** How the terms were accepted: 'signup-form' | 'oidc-consent' | 'admin-cli' (null: never asked). */
  consent_method: string | null;
  /** When the person confirmed being 13 or older (null: never asked). */
  age_confirmed_at: number | null;
  created_at: number;
  updated_at: number;
  // Billing (0009): the Stripe subscription as last seen; `subscription` above holds the plan in force.
  stripe_subscription_id: string | null;
  stripe_plan: string | null;
  subscription_status: string | null;
  /** End of the paid period, epoch ms. */
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** The subscription's own creation time (ms): a newer subscription replaces an older one. */
  subscription_created: number | null;
  /** Creation time (ms) of the Stripe event last applied to the subscription state. */
  subscription_version: number | null;
  /** Latest failed and latest paid invoice (their creation, ms): suspended while failed > paid. */
  invoice_failed_at: number | null;
  invoice_paid_at: number | null;
  /** The pages' colours the user chose (0013). */
  color_scheme: 'light' | 'dark' | 'system';
  /** Unconfirmed address (0012): swapping stops after this time until the address is confirmed; null once confirmed. */
  email_confirm_by: number | null;
}

export interface SessionsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
  /** Updated at most once a minute as the session is used. */
  last_used_at: Generated<number | null>;
}

export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  uid: string;
  created_at: number;
}

export interface OidcFlowsTable {
  state: string;
  binding_hash: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: number;
}

/** An OIDC sign-in waiting for the person's consent (token_hash: hash of the browser's cookie). */
export interface OidcPendingSignupsTable {
  token_hash: string;
  issuer: string;
  subject: string;
  uid: string | null;
  /** The verified claims (JSON of OidcClaims). */
  claims: string;
  ip: string;
  expires_at: number;
}

/** A single-use e-mail link (0012): only the token's SHA-256 is stored. */
export interface EmailTokensTable {
  token_hash: string;
  uid: string;
  purpose: 'reset' | 'verify' | 'change';
  /** The address the link went to (the new one for a change of address). */
  email: string;
  created_at: number;
  expires_at: number;
}

/** One sign-in limit counter: attempts under `key` since `window_start` (epoch ms). */
export interface SignInCountersTable {
  key: string;
  n: number;
  window_start: number;
}

export interface SpentChallengesTable {
  signature: string;
  expires_at: number;
}

export interface CatalogueEntriesTable {
  id: string;
  kind: 'proshoot' | 'prosoccer';
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
  gender: string;
  ethnicity: string;
  age_range: string;
  face_shape: string;
  hair_type: string;
  hair_length: string;
  hair_color: string;
  eyes_shape: string;
  nose_shape: string;
  lips_shape: string;
  cheeks_shape: string;
  player_id: string | null;
  country: string | null;
  club: string | null;
  /** JSON: { faces } as the engine detected them on the stored image. */
  analysis: string;
  created_by: string;
  created_at: number;
}

export interface CatalogueSeedsTable {
  name: string;
  seeded_at: number;
}

export interface BillingEventsTable {
  /** Stripe event id: each event is handled once. */
  id: string;
  type: string;
  created_at: number;
  received_at: number;
}

export interface DataExportsTable {
  id: string;
  uid: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  storage_key: string | null;
  size: number | null;
  error: string | null;
  created_at: number;
  completed_at: number | null;
  /** The ZIP and this row are removed after this time. */
  expires_at: number;
}

/** Data exports started in an account's current 24-hour window. */
export interface ExportAllowancesTable {
  uid: string;
  n: number;
  window_start: number;
}

/** A developer's API key: only the secret's SHA-256 is kept; `slot` holds the per-account cap. */
export interface ApiKeysTable {
  id: string;
  uid: string;
  slot: number;
  name: string;
  /** The first characters of the key, shown to recognise it (`vsk_ab12`). */
  prefix: string;
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** The first answer to a create sent with an Idempotency-Key, replayed for 24 hours. */
export interface IdempotencyKeysTable {
  uid: string;
  idem_key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

/** An HTTPS endpoint an account registered for webhooks. */
export interface WebhookEndpointsTable {
  id: string;
  uid: string;
  /** 0..WEBHOOKS_PER_USER-1, unique per account (the cap). */
  slot: number;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_…`: signs every post; never exported. */
  secret: string;
  secret_created_at: number;
  /** The secret before the last rotation, still signing beside `secret` until `previous_secret_until` (ms). */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  created_at: number;
}

/** One event sent to one endpoint, with its last answer. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  uid: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error_code: string | null;
  last_error: string | null;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
  retry_until: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_pending_signups: OidcPendingSignupsTable;
  sign_in_counters: SignInCountersTable;
  spent_challenges: SpentChallengesTable;
  swaps: SwapsTable;
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
