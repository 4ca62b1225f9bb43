// The only code that queries the catalogue tables.
import type { Db } from '../../infra/db/database.ts';
import type { CatalogueEntriesTable } from '../../infra/db/schema.ts';

export type CatalogueRow = CatalogueEntriesTable;
/** A row without its face analysis (lists never need it). */
export type CatalogueListRow = Omit<CatalogueRow, 'analysis'>;

const LIST_COLUMNS = [
  'id', 'kind', 'image_key', 'thumb_key', 'width', 'height', 'gender', 'ethnicity', 'age_range', 'face_shape', 'hair_type', 'hair_length',
  'hair_color', 'eyes_shape', 'nose_shape', 'lips_shape', 'cheeks_shape', 'player_id', 'country', 'club', 'created_by', 'created_at',
] as const;

export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  /** False when an entry with the same image key exists already (demo seeding runs at most once per photo). */
  async insert(row: CatalogueRow): Promise<boolean> {
    const res = await this.db.insertInto('catalogue_entries').values(row).onConflict((oc) => oc.column('image_key').doNothing()).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Newest first. */
  list(kind: CatalogueRow['kind']): Promise<CatalogueListRow[]> {
    return this.db.selectFrom('catalogue_entries').select(LIST_COLUMNS).where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  find(id: string): Promise<CatalogueListRow | undefined> {
    return this.db.selectFrom('catalogue_entries').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async analysisByImageKey(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('catalogue_entries').select('analysis').where('image_key', '=', key).executeTakeFirst();
    return row?.analysis ?? null;
  }

  async update(id: string, values: Partial<CatalogueRow>): Promise<void> {
    await this.db.updateTable('catalogue_entries').set(values).where('id', '=', id).execute();
  }

  /** Sets each column given only where it is still empty (an operator's edit meanwhile wins); returns how many were set. */
  async fillEmpty(id: string, values: Partial<CatalogueRow>): Promise<number> {
    let filled = 0;
    for (const [column, value] of Object.entries(values) as Array<[keyof CatalogueRow & string, string]>) {
      const res = await this.db.updateTable('catalogue_entries').set({ [column]: value }).where('id', '=', id).where(column, '=', '').executeTakeFirst();
      filled += Number(res.numUpdatedRows);
    }
    return filled;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('catalogue_entries').where('id', '=', id).execute();
  }

  async isSeeded(name: string): Promise<boolean> {
    return !!(await this.db.selectFrom('catalogue_seeds').select('name').where('name', '=', name).executeTakeFirst());
  }

  /** Records a finished seeding (once, whichever process finishes first). */
  async markSeeded(name: string, at: number): Promise<void> {
    await this.db.insertInto('catalogue_seeds').values({ name, seeded_at: at }).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
}
