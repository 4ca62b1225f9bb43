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

export interface Database {
  jobs: JobsTable;
}
