import { sql, type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DisruptionStatus, DisruptionTarget, DisruptionType } from '@gridline/contracts/disruptions';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type DisruptionRow = Selectable<Database['disruptions']>;

type Eb = ExpressionBuilder<Database, 'disruptions'>;

/** In force at `now` by its schedule (none, or started and not yet ended); whether it is enabled is another matter. */
const inForce = (eb: Eb, now: Date) =>
  eb.and([eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]), eb.or([eb('end_date', 'is', null), eb('end_date', '>', now)])]);

/** The status a schedule gives at `now` (the same rule as `disruptionStatus` of the contracts), as a filter. */
const withStatus = (eb: Eb, status: DisruptionStatus, now: Date) => {
  if (status === 'planned') return eb.and([eb('start_date', 'is not', null), eb('start_date', '>', now)]);
  if (status === 'finished') return eb.and([eb('start_date', 'is not', null), eb('start_date', '<=', now), eb('end_date', 'is not', null), eb('end_date', '<=', now)]);
  return inForce(eb, now);
};

/**
 * Disruptions of an organisation. Every statement is scoped by the organisation's id, so no id
 * reaches another organisation's rows.
 */
export class DisruptionsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The disruption a channel shows at `now`: enabled, targeting the channel and in force (no
   * schedule, or started and not yet ended). Fatal before warning, then the more severe level,
   * then the latest start (an unscheduled one counts as started long ago), then the latest change.
   */
  active(organisationId: string, target: DisruptionTarget, now: Date): Promise<DisruptionRow | undefined> {
    return this.inForce(organisationId, now).where(sql<boolean>`${target} = ANY(targets)`).limit(1).executeTakeFirst();
  }

  /** Every disruption in force at `now` in any channel, in the order of `active`. */
  allActive(organisationId: string, now: Date): Promise<DisruptionRow[]> {
    return this.inForce(organisationId, now).execute();
  }

  private inForce(organisationId: string, now: Date) {
    return this.db
      .selectFrom('disruptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('enabled', '=', true)
      .where((eb) => inForce(eb, now))
      .orderBy(sql`type = 'fatal'`, 'desc')
      .orderBy(sql`CASE level WHEN 'severe' THEN 2 WHEN 'moderate' THEN 1 ELSE 0 END`, 'desc')
      .orderBy('start_date', (o) => o.desc().nullsLast())
      .orderBy('updated_at', 'desc')
      .orderBy('id');
  }

  /** A page of the organisation's disruptions, newest first, by status at `now` and type. */
  async page(
    organisationId: string,
    filter: { status?: DisruptionStatus | undefined; type?: DisruptionType | undefined },
    now: Date,
    limit: number,
    page: number,
  ): Promise<{ rows: DisruptionRow[]; total: number }> {
    let query = this.db.selectFrom('disruptions').where('organisation_id', '=', organisationId);
    if (filter.status) {
      const status = filter.status;
      query = query.where((eb) => withStatus(eb, status, now));
    }
    if (filter.type) query = query.where('type', '=', filter.type);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(organisationId: string, id: string): Promise<DisruptionRow | undefined> {
    return this.db.selectFrom('disruptions').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  }

  /** Replaces the organisation's disruption's fields; answers the row, or undefined when it is gone. */
  update(organisationId: string, id: string, values: Omit<Updateable<Database['disruptions']>, 'id' | 'organisation_id' | 'created_at'>): Promise<DisruptionRow | undefined> {
    return this.db
      .updateTable('disruptions')
      .set({ ...values, updated_at: sql`now()` })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Switches the organisation's disruption on when it is off and off when it is on, in one statement. */
  toggle(organisationId: string, id: string, updatedBy: string): Promise<DisruptionRow | undefined> {
    return this.db
      .updateTable('disruptions')
      .set({ enabled: sql<boolean>`NOT enabled`, updated_by: updatedBy, updated_at: sql`now()` })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the organisation's disruption; answers the deleted row. */
  delete(organisationId: string, id: string): Promise<DisruptionRow | undefined> {
    return this.db.deleteFrom('disruptions').where('organisation_id', '=', organisationId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** The organisation's disruptions, newest first. */
  list(organisationId: string): Promise<DisruptionRow[]> {
    return this.db.selectFrom('disruptions').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /** Switches the organisation's disruptions with these ids on or off; answers the changed rows. */
  setEnabled(organisationId: string, ids: readonly string[], enabled: boolean, updatedBy: string): Promise<DisruptionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .updateTable('disruptions')
      .set({ enabled, updated_by: updatedBy, updated_at: sql`now()` })
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  }

  /** The organisation's disruptions of a type (the command line switches the demo's by kind). */
  ofType(organisationId: string, type: DisruptionType): Promise<DisruptionRow[]> {
    return this.db
      .selectFrom('disruptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('type', '=', type)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  insert(row: Insertable<Database['disruptions']>): Promise<DisruptionRow> {
    return this.db.insertInto('disruptions').values(row).returningAll().executeTakeFirstOrThrow();
  }
}
