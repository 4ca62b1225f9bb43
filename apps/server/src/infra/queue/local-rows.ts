// The `jobs` table as the local queue uses it: every statement it runs, each write after a
// claim fenced on the claim's token (`locked_by`), so a worker that lost its lease changes nothing.
import { sql } from 'kysely';
import type { Db, DatabaseKind } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import type { Json, JobRecord } from './types.ts';

export type JobRow = Omit<JobsTable, 'attempts'> & { attempts: number };

export interface NewJob {
  id: string;
  name: string;
  payload: string;
  maxAttempts: number;
  runAt: number;
}

type Outcome = { status: 'done' | 'failed' | 'queued'; result?: string; error: string | null; run_at?: number };

const updated = (res: { numUpdatedRows: bigint }) => Number(res.numUpdatedRows) > 0;

export class LocalJobRows {
  constructor(
    private readonly db: Db,
    private readonly dbKind: DatabaseKind,
  ) {}

  /** Inserts the job unless one with its id exists (enqueueing twice is idempotent). */
  async insert(job: NewJob): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('jobs')
      .values({ id: job.id, name: job.name, payload: job.payload, status: 'queued', max_attempts: job.maxAttempts, run_at: job.runAt, locked_until: null, locked_by: null, progress: null, result: null, error: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async get(id: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** Deletes a job that is not running; true when no such job is left. */
  async remove(id: string): Promise<boolean> {
    await this.db.deleteFrom('jobs').where('id', '=', id).where('status', '!=', 'running').execute();
    return !(await this.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Names of the jobs still to run or running. */
  async pendingNames(): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('name').distinct().where('status', 'in', ['queued', 'running']).execute();
    return rows.map((r) => r.name);
  }

  /** Removes finished jobs last changed before `before`. */
  async prune(before: number): Promise<number> {
    const res = await this.db.deleteFrom('jobs').where('status', 'in', ['done', 'failed']).where('updated_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Fails the running jobs whose lease lapsed on their last attempt; answers them. */
  async failAbandoned(error: string): Promise<Array<Pick<JobRow, 'id' | 'name' | 'payload' | 'error'>>> {
    const now = Date.now();
    return this.db
      .updateTable('jobs')
      .set({ status: 'failed', error, locked_by: null, locked_until: null, updated_at: now })
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .returning(['id', 'name', 'payload', 'error'])
      .execute();
  }

  /** Claims the next due job of these names (or one whose lease lapsed) for `token`. */
  async claim(names: string[], token: string, leaseMs: number): Promise<JobRow | undefined> {
    const now = Date.now();
    const skipLocked = this.dbKind === 'postgres' ? sql`for update skip locked` : sql``;
    // One statement: on SQLite the write lock makes it atomic; on PostgreSQL SKIP LOCKED
    // lets concurrent workers pass over a row another is claiming.
    const { rows } = await sql<JobRow>`
      update jobs
      set status = 'running', attempts = attempts + 1, locked_by = ${token},
          locked_until = ${now + leaseMs}, updated_at = ${now}
      where id = (
        select id from jobs
        where name in (${sql.join(names)})
          and ((status = 'queued' and run_at <= ${now})
            or (status = 'running' and locked_until < ${now} and attempts < max_attempts))
        order by run_at, created_at
        limit 1
        ${skipLocked}
      )
      returning *`.execute(this.db);
    return rows[0];
  }

  /** Extends the lease; false when the job is no longer this token's. */
  async renew(id: string, token: string, leaseMs: number): Promise<boolean> {
    return updated(await this.db.updateTable('jobs').set({ locked_until: Date.now() + leaseMs }).where('id', '=', id).where('locked_by', '=', token).where('status', '=', 'running').executeTakeFirst());
  }

  async setProgress(id: string, token: string, progress: Json): Promise<boolean> {
    return updated(await this.db.updateTable('jobs').set({ progress: JSON.stringify(progress ?? null), updated_at: Date.now() }).where('id', '=', id).where('locked_by', '=', token).executeTakeFirst());
  }

  /** Records an attempt's outcome; false when the lease was lost to another worker. */
  async finish(id: string, token: string, set: Outcome): Promise<boolean> {
    return updated(await this.db.updateTable('jobs').set({ ...set, locked_by: null, locked_until: null, updated_at: Date.now() }).where('id', '=', id).where('locked_by', '=', token).executeTakeFirst());
  }

  /** Gives the job back untouched: queued again at once, this attempt not counted. */
  async release(id: string, token: string): Promise<boolean> {
    const now = Date.now();
    return updated(
      await this.db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: sql<number>`attempts - 1`, locked_by: null, locked_until: null, run_at: now, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', token)
        .where('status', '=', 'running')
        .executeTakeFirst(),
    );
  }
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    payload: parseJson(row.payload),
    progress: parseJson(row.progress) as Json | null,
    result: parseJson(row.result) as Json | null,
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
