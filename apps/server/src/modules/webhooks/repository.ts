// The only code that queries webhook_endpoints and webhook_deliveries.
import type { Selectable } from 'kysely';
import type { WebhookErrorCode } from '@visage/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../infra/db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewEndpoint = Omit<EndpointRow, 'slot'>;
export type NewDelivery = Omit<DeliveryRow, 'attempts' | 'last_status_code' | 'last_error_code' | 'last_error' | 'last_attempt_at'>;

/** What one try left: the answer (or none) and whether another try follows, and when. */
export interface AttemptOutcome {
  status: DeliveryRow['status'];
  statusCode: number | null;
  /** null once delivered. */
  error: { code: WebhookErrorCode; detail: string } | null;
  at: number;
  nextAttemptAt: number | null;
}

export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the endpoint in a free slot of the account's `perUser`; null when none is free. The
   * (uid, slot) unique key makes this atomic across processes: of two inserts racing for the last
   * slot, one wins and the other tries the next free one, or finds none.
   */
  async insertEndpoint(row: NewEndpoint, perUser: number): Promise<EndpointRow | null> {
    for (let tries = 0; tries < perUser; tries++) {
      const taken = new Set((await this.db.selectFrom('webhook_endpoints').select('slot').where('uid', '=', row.uid).execute()).map((r) => Number(r.slot)));
      const slot = [...Array(perUser).keys()].find((s) => !taken.has(s));
      if (slot === undefined) return null;
      const res = await this.db.insertInto('webhook_endpoints').values({ ...row, slot }).onConflict((oc) => oc.columns(['uid', 'slot']).doNothing()).executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) return { ...row, slot };
    }
    return null;
  }

  listEndpoints(uid: string): Promise<EndpointRow[]> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
  }

  findEndpoint(uid: string, id: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
  }

  endpointById(id: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateEndpoint(uid: string, id: string, patch: Partial<Pick<EndpointRow, 'enabled' | 'events' | 'secret' | 'secret_created_at'>>): Promise<boolean> {
    const res = await this.db.updateTable('webhook_endpoints').set(patch).where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Puts `secret` in place and keeps the one it replaces until `previousUntil`, in one statement so
   * two rotations racing each keep the secret that was in place just before theirs.
   */
  async rotateSecret(uid: string, id: string, secret: string, at: number, previousUntil: number): Promise<boolean> {
    const res = await this.db
      .updateTable('webhook_endpoints')
      .set((eb) => ({ previous_secret: eb.ref('secret'), previous_secret_until: previousUntil, secret, secret_created_at: at }))
      .where('uid', '=', uid)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The endpoint and its deliveries, in one transaction. */
  async deleteEndpoint(uid: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('uid', '=', uid).where('endpoint_id', '=', id).execute();
      const res = await trx.deleteFrom('webhook_endpoints').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    });
  }

  /** Inserts deliveries; one that exists for the same endpoint and event is left as it is. */
  async insertDeliveries(rows: NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(rows.map((r) => ({ ...r, attempts: 0 })))
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
  }

  /** The event's deliveries still to send (new ones, and any a crash left before their job). */
  pendingForEvent(uid: string, eventId: string): Promise<Pick<DeliveryRow, 'id' | 'attempts' | 'next_attempt_at'>[]> {
    return this.db.selectFrom('webhook_deliveries').select(['id', 'attempts', 'next_attempt_at']).where('uid', '=', uid).where('event_id', '=', eventId).where('status', '=', 'pending').execute();
  }

  findDelivery(id: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listDeliveries(uid: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('uid', '=', uid)
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Records try number `attempt`, only if it is the next one: a job run again after a crash (its
   * try already recorded) changes nothing and learns so from the false.
   */
  async recordAttempt(id: string, attempt: number, outcome: AttemptOutcome): Promise<boolean> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        attempts: attempt,
        last_status_code: outcome.statusCode,
        last_error_code: outcome.error?.code ?? null,
        last_error: outcome.error?.detail.slice(0, 500) ?? null,
        last_attempt_at: outcome.at,
        next_attempt_at: outcome.nextAttemptAt,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('attempts', '=', attempt - 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** A finished delivery back to pending for a new round of tries; false while it is still pending. */
  async reopen(uid: string, id: string, now: number, retryUntil: number): Promise<DeliveryRow | null> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now, retry_until: retryUntil })
      .where('uid', '=', uid)
      .where('id', '=', id)
      .where('status', '<>', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return null;
    return (await this.findDelivery(id)) ?? null;
  }

  /**
   * Ends a delivery whose try's job failed for good. That try counts, so a re-send's first try
   * gets a job id of its own rather than the failed job's.
   */
  async failPending(id: string, error: string, at: number): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ status: 'failed', attempts: eb('attempts', '+', 1), last_status_code: null, last_error_code: 'stopped', last_error: error.slice(0, 500), next_attempt_at: null, last_attempt_at: at }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Finished deliveries older than `before`: the list shows recent ones only. */
  async pruneFinished(endpointId: string, before: number): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).where('status', '<>', 'pending').where('created_at', '<', before).execute();
  }

  listAllDeliveries(uid: string): Promise<DeliveryRow[]> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('uid', '=', uid).orderBy('created_at').execute();
  }

  /** Every endpoint and delivery of the account (erasure). */
  async eraseAccount(uid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('uid', '=', uid).execute();
      await trx.deleteFrom('webhook_endpoints').where('uid', '=', uid).execute();
    });
  }
}
