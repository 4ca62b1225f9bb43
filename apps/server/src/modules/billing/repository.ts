// The only code that queries billing's columns of `users` and the `billing_events` table.
import type { Updateable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { UsersTable } from '../../infra/db/schema.ts';
import type { UserRow } from '../users/repository.ts';

export type BillingPatch = Pick<
  Updateable<UsersTable>,
  | 'subscription'
  | 'stripe_subscription_id'
  | 'stripe_plan'
  | 'subscription_status'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'subscription_created'
  | 'subscription_version'
  | 'invoice_failed_at'
  | 'invoice_paid_at'
>;

/** Work done inside one transaction: the event is recorded with its effect, or neither. */
export interface BillingTx {
  /** False when this event id was handled before. */
  recordEvent(e: { id: string; type: string; created: number }, now: number): Promise<boolean>;
  findByUid(uid: string): Promise<UserRow | undefined>;
  findByCustomer(customerId: string): Promise<UserRow | undefined>;
  update(uid: string, patch: BillingPatch & { customer_id?: string }, now: number): Promise<void>;
}

export class BillingRepository {
  /** @param lockRows PostgreSQL: lock the user's row for the transaction (SQLite serializes writers anyway). */
  constructor(
    private readonly db: Db,
    private readonly lockRows = false,
  ) {}

  findByUid(uid: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  /** Stores the customer id only if the user has none yet; answers the one stored. */
  async linkCustomer(uid: string, customerId: string, now: number): Promise<string> {
    await this.db.updateTable('users').set({ customer_id: customerId, updated_at: now }).where('uid', '=', uid).where('customer_id', '=', '').execute();
    const row = await this.findByUid(uid);
    return row?.customer_id ?? customerId;
  }

  async hasEvent(id: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst());
  }

  transaction<T>(work: (tx: BillingTx) => Promise<T>): Promise<T> {
    const lock = this.lockRows;
    return this.db.transaction().execute(async (trx) =>
      work({
        async recordEvent(e, now) {
          const seen = await trx.selectFrom('billing_events').select('id').where('id', '=', e.id).executeTakeFirst();
          if (seen) return false;
          await trx.insertInto('billing_events').values({ id: e.id, type: e.type, created_at: e.created, received_at: now }).execute();
          return true;
        },
        findByUid: (uid) => {
          const q = trx.selectFrom('users').selectAll().where('uid', '=', uid);
          return (lock ? q.forUpdate() : q).executeTakeFirst();
        },
        findByCustomer: (customerId) => {
          if (!customerId) return Promise.resolve(undefined);
          const q = trx.selectFrom('users').selectAll().where('customer_id', '=', customerId);
          return (lock ? q.forUpdate() : q).executeTakeFirst();
        },
        async update(uid, patch, now) {
          await trx.updateTable('users').set({ ...patch, updated_at: now }).where('uid', '=', uid).execute();
        },
      }),
    );
  }
}
