// The durable job queue's rows (the local queue adapter).
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
