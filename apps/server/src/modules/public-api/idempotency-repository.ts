// The only code that queries idempotency_keys.
import type { Db } from '../../infra/db/database.ts';
import type { IdempotencyKeysTable } from '../../infra/db/schema.ts';

export type IdempotencyRow = IdempotencyKeysTable;

export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /** Claims the key for a first request; false when a row for it is there already (either process). */
  async claim(uid: string, key: string, requestHash: string, now: number): Promise<boolean> {
    const res = await this.db
      .insertInto('idempotency_keys')
      .values({ uid, idem_key: key, request_hash: requestHash, status_code: null, response_body: null, created_at: now })
      .onConflict((oc) => oc.columns(['uid', 'idem_key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  find(uid: string, key: string): Promise<IdempotencyRow | undefined> {
    return this.db.selectFrom('idempotency_keys').selectAll().where('uid', '=', uid).where('idem_key', '=', key).executeTakeFirst();
  }

  async complete(uid: string, key: string, status: number, body: string): Promise<void> {
    await this.db.updateTable('idempotency_keys').set({ status_code: status, response_body: body }).where('uid', '=', uid).where('idem_key', '=', key).execute();
  }

  async release(uid: string, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('uid', '=', uid).where('idem_key', '=', key).where('status_code', 'is', null).execute();
  }

  /** Removes the account's keys older than `before` (their answers are no longer replayed). */
  async expire(uid: string, before: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('uid', '=', uid).where('created_at', '<', before).execute();
  }

  async removeAll(uid: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('uid', '=', uid).execute();
  }
}
