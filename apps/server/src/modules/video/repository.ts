// The only code that queries a video swap's rows: the swap row it is created with (in the
// transaction that reserves its allowance), its facts, and its segments.
import type { Db } from '../../infra/db/database.ts';
import type { SwapsTable, VideoSegmentsTable } from '../../infra/db/schema.ts';

export type SegmentRow = VideoSegmentsTable;
export type NewVideoSwap = Pick<SwapsTable, 'id' | 'uid' | 'job_id' | 'source_key' | 'target_key' | 'created_at' | 'quota_period' | 'video'>;

export class VideoRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: VideoRepository, db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new VideoRepository(trx), trx));
  }

  async insertSwap(row: NewVideoSwap): Promise<void> {
    await this.db
      .insertInto('swaps')
      .values({ ...row, mode: 'main', kind: 'video', status: 'queued', face_id: null, face_map: null, target_analysis: null, result_key: null, thumb_key: null, error_code: null, error_message: null, metrics: null, completed_at: null, uploads_deleted_at: null })
      .execute();
  }

  async setFacts(swapId: string, video: string): Promise<void> {
    await this.db.updateTable('swaps').set({ video }).where('id', '=', swapId).execute();
  }

  /** Adds the segments once: a prepare job run again finds them there and adds nothing. */
  async insertSegments(rows: Array<Pick<SegmentRow, 'swap_id' | 'idx' | 'first_frame' | 'frames'>>, now: number): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('video_segments')
      .values(rows.map((r) => ({ ...r, frames_done: 0, status: 'queued' as const, result_key: null, worker: null, updated_at: now })))
      .onConflict((oc) => oc.columns(['swap_id', 'idx']).doNothing())
      .execute();
  }

  segments(swapId: string): Promise<SegmentRow[]> {
    return this.db.selectFrom('video_segments').selectAll().where('swap_id', '=', swapId).orderBy('idx').execute();
  }

  segment(swapId: string, idx: number): Promise<SegmentRow | undefined> {
    return this.db.selectFrom('video_segments').selectAll().where('swap_id', '=', swapId).where('idx', '=', idx).executeTakeFirst();
  }

  /** A segment (re)started from its first frame by `worker`. */
  async startSegment(swapId: string, idx: number, worker: string, now: number): Promise<void> {
    await this.db.updateTable('video_segments').set({ status: 'running', frames_done: 0, worker, updated_at: now }).where('swap_id', '=', swapId).where('idx', '=', idx).where('status', '!=', 'done').execute();
  }

  async setFramesDone(swapId: string, idx: number, framesDone: number, now: number): Promise<void> {
    await this.db.updateTable('video_segments').set({ frames_done: framesDone, updated_at: now }).where('swap_id', '=', swapId).where('idx', '=', idx).where('status', '=', 'running').execute();
  }

  /** True when this call moved it to done (a second run of a finished segment changes nothing). */
  async finishSegment(swapId: string, idx: number, key: string | null, framesDone: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('video_segments')
      .set({ status: 'done', result_key: key, frames_done: framesDone, updated_at: now })
      .where('swap_id', '=', swapId)
      .where('idx', '=', idx)
      .where('status', '!=', 'done')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async countNotDone(swapId: string): Promise<number> {
    const row = await this.db
      .selectFrom('video_segments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('swap_id', '=', swapId)
      .where('status', '!=', 'done')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteSegments(swapIds: string[]): Promise<void> {
    if (swapIds.length === 0) return;
    await this.db.deleteFrom('video_segments').where('swap_id', 'in', swapIds).execute();
  }

  /** Video swaps not finished, oldest first, after `after` in (created_at, id) order: for the start-up reconcile. */
  unfinished(limit: number, after?: { created_at: number; id: string }): Promise<Pick<SwapsTable, 'id' | 'job_id' | 'status' | 'created_at'>[]> {
    let q = this.db.selectFrom('swaps').select(['id', 'job_id', 'status', 'created_at']).where('kind', '=', 'video').where('status', 'in', ['queued', 'running']);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.created_at, after.id)));
    return q.orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** The ids of every video swap of the account (erasure). */
  async videoSwapIds(uid: string): Promise<string[]> {
    const rows = await this.db.selectFrom('swaps').select('id').where('uid', '=', uid).where('kind', '=', 'video').execute();
    return rows.map((r) => r.id);
  }
}
