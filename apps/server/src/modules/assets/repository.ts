import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Stored = Selectable<Database['assets']>;

/** An asset's metadata as stored (migration 0024), without its bytes. */
export type AssetRow = Omit<Stored, 'content'>;

/** What the public read needs: the bytes and what the headers say. */
export type AssetContentRow = Pick<Stored, 'kind' | 'content_type' | 'sha256' | 'content'>;

/** What an upload writes: the file and what was read from it. */
export type AssetWrite = Pick<Stored, 'name' | 'kind' | 'content_type' | 'byte_size' | 'width' | 'height' | 'sha256' | 'content'>;

const META = [
  'id',
  'organisation_id',
  'name',
  'kind',
  'content_type',
  'byte_size',
  'width',
  'height',
  'sha256',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const;

/** Assets (migration 0024); every statement of staff is scoped by the organisation. */
export class AssetsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async page(organisationId: string, filter: { kind?: string | undefined }, limit: number, page: number): Promise<{ rows: AssetRow[]; total: number }> {
    let query = this.db.selectFrom('assets').where('organisation_id', '=', organisationId);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    const [rows, count] = await Promise.all([
      query
        .select(META)
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(organisationId: string, id: string): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').select(META).where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  }

  /** The bytes of any organisation's asset (they are public: the id is the address). */
  async content(id: string): Promise<AssetContentRow | undefined> {
    return this.db.selectFrom('assets').select(['kind', 'content_type', 'sha256', 'content']).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: AssetWrite & { id: string; organisation_id: string; created_by: string; updated_by: string }): Promise<AssetRow> {
    return this.db.insertInto('assets').values(row).returning(META).executeTakeFirstOrThrow();
  }

  /** Replaces the bytes and metadata of the organisation's asset, keeping its id and creation; undefined when it has none. */
  async replace(organisationId: string, id: string, row: AssetWrite & { updated_by: string }): Promise<AssetRow | undefined> {
    return this.db
      .updateTable('assets')
      .set((eb) => ({ ...row, updated_at: eb.fn('clock_timestamp', []) }))
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returning(META)
      .executeTakeFirst();
  }

  async delete(organisationId: string, id: string): Promise<AssetRow | undefined> {
    return this.db.deleteFrom('assets').where('organisation_id', '=', organisationId).where('id', '=', id).returning(META).executeTakeFirst();
  }
}
