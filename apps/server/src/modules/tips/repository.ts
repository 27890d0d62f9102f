import type { Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { memberLocation } from '../access/fragments.ts';

export type TipRow = Selectable<Database['tips']>;
export type LocationTipRow = Selectable<Database['location_tips']>;

/** What a tip write stores besides its id, organisation and who. */
export interface TipWrite {
  texts: Record<string, { title: string; body: string }>;
  segments: Record<string, unknown>;
  enabled: boolean;
  sort_order: number;
}

/** What a member's location says about the tip segments: its home details, its services, the reader's role. */
export interface LocationTipFactsRow {
  id: string;
  extras: Record<string, unknown>;
  role: string;
  services: Array<{ type: string; status: string }>;
}

/** Tips and the locations' states of them (migration 0026); every statement is scoped by the organisation. */
export class TipsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async page(organisationId: string, filter: { enabled?: boolean | undefined }, limit: number, page: number): Promise<{ rows: TipRow[]; total: number }> {
    let query = this.db.selectFrom('tips').where('organisation_id', '=', organisationId);
    if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('sort_order')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(organisationId: string, id: string): Promise<TipRow | undefined> {
    return this.db.selectFrom('tips').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: TipWrite & { id: string; organisation_id: string; created_by: string; updated_by: string }): Promise<TipRow> {
    return this.db
      .insertInto('tips')
      .values({ ...row, texts: JSON.stringify(row.texts), segments: JSON.stringify(row.segments) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(organisationId: string, id: string, row: TipWrite & { updated_by: string }): Promise<TipRow | undefined> {
    return this.db
      .updateTable('tips')
      .set((eb) => ({ ...row, texts: JSON.stringify(row.texts), segments: JSON.stringify(row.segments), updated_at: eb.fn('clock_timestamp', []) }))
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(organisationId: string, id: string): Promise<TipRow | undefined> {
    return this.db.deleteFrom('tips').where('organisation_id', '=', organisationId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** The location as a member sees it (no row, no access), with what the segments test. */
  async memberLocationFacts(organisationId: string, userId: string, locationId: string): Promise<LocationTipFactsRow | undefined> {
    return memberLocation(this.db, organisationId, userId, locationId)
      .select(['l.id', 'l.extras', 'm.role'])
      .select((eb) => [jsonArrayFrom(eb.selectFrom('location_services as s').select(['s.type', 's.status']).whereRef('s.location_id', '=', 'l.id').orderBy('s.id')).as('services')])
      .executeTakeFirst();
  }

  /** The organisation's enabled tips, in sort order. */
  async enabled(organisationId: string): Promise<TipRow[]> {
    return this.db.selectFrom('tips').selectAll().where('organisation_id', '=', organisationId).where('enabled', '=', true).orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
  }

  /** The location's states of tips. */
  async states(organisationId: string, locationId: string): Promise<LocationTipRow[]> {
    return this.db.selectFrom('location_tips').selectAll().where('organisation_id', '=', organisationId).where('location_id', '=', locationId).execute();
  }

  /** Sets a tip's state at a location (the first time creates it). */
  async setState(organisationId: string, locationId: string, tipId: string, completed: boolean): Promise<LocationTipRow> {
    return this.db
      .insertInto('location_tips')
      .values({ organisation_id: organisationId, location_id: locationId, tip_id: tipId, completed })
      .onConflict((oc) => oc.columns(['location_id', 'tip_id']).doUpdateSet((eb) => ({ completed, updated_at: eb.fn('clock_timestamp', []) })))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
