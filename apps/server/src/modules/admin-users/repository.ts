// The only code that queries users for the operators' list (search, page) and admin edits.
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { UsersTable } from '../../infra/db/schema.ts';
import type { UserRow } from '../users/repository.ts';

/** LIKE pattern for "contains q", with the wildcards in q taken literally. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  /** Newest first; `q` matches e-mail, first or last name (case-insensitive). */
  async page(q: string | undefined, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    let base = this.db.selectFrom('users');
    if (q) {
      const p = containsPattern(q);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(email)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(nom)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(prenom)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(nom || ' ' || prenom)`, 'like', sql`${p} escape '\\'`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('uid').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  findByUid(uid: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  async update(uid: string, patch: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('uid', '=', uid).execute();
  }
}
