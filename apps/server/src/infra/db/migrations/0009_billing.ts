// Billing: each user's Stripe subscription state beside the `subscription` label (the plan in
// force), and the Stripe events already handled (each event id once).
import type { Kysely } from 'kysely';

const USER_COLUMNS: [string, 'varchar(255)' | 'varchar(32)' | 'bigint'][] = [
  ['stripe_subscription_id', 'varchar(255)'],
  ['stripe_plan', 'varchar(32)'],
  ['subscription_status', 'varchar(32)'],
  ['current_period_end', 'bigint'],
  ['subscription_created', 'bigint'],
  ['subscription_version', 'bigint'],
  ['invoice_failed_at', 'bigint'],
  ['invoice_paid_at', 'bigint'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of USER_COLUMNS) {
    await db.schema.alterTable('users').addColumn(name, type).execute();
  }
  await db.schema.alterTable('users').addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('users_customer_idx').on('users').column('customer_id').execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropIndex('users_customer_idx').execute();
  for (const [name] of [...USER_COLUMNS, ['cancel_at_period_end']]) {
    await db.schema.alterTable('users').dropColumn(name as string).execute();
  }
}
