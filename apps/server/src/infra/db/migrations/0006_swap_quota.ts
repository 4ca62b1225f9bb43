import { sql, type Kysely } from 'kysely';

// Quota reservation, so concurrent uploads cannot pass the allowance together: users.usage now
// counts swaps reserved at upload, not swaps done. A swap's quota_period is the usage period it
// was charged to (null: not charged or given back), so a failed swap gives its count back exactly
// once, and only to the period it took it from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('swaps').addColumn('quota_period', 'varchar(10)').execute();
  // Swaps waiting at upgrade were not counted yet (the old code counted at done): charge them now.
  await sql`update users set usage = usage + (select count(*) from swaps s where s.uid = users.uid and s.status in ('queued', 'running'))
    where uid in (select uid from swaps where status in ('queued', 'running'))`.execute(db);
  await sql`update swaps set quota_period = (select reset_date from users u where u.uid = swaps.uid)
    where status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('swaps').dropColumn('quota_period').execute();
}
