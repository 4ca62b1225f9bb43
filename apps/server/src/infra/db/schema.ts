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
  mode: 'main' | 'proshoot' | 'prosoccer' | 'bulk';
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
  /** When retention deleted the swap's photos under uploads/ (null while kept). */
  uploads_deleted_at: number | null;
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
  created_at: number;
  updated_at: number;
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

export interface LoginFailuresTable {
  id: string;
  key: string;
  created_at: number;
}

export interface SpentChallengesTable {
  signature: string;
  expires_at: number;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  login_failures: LoginFailuresTable;
  spent_challenges: SpentChallengesTable;
  swaps: SwapsTable;
  jobs: JobsTable;
  data_exports: DataExportsTable;
}
