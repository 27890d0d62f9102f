import { sql, type Insertable, type Selectable } from 'kysely';
import type { DisruptionTarget, DisruptionType } from '@gridline/contracts/disruptions';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type DisruptionRow = Selectable<Database['disruptions']>;

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
    return this.db
      .selectFrom('disruptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('enabled', '=', true)
      .where(sql<boolean>`${target} = ANY(targets)`)
      .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]))
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', now)]))
      .orderBy(sql`type = 'fatal'`, 'desc')
      .orderBy(sql`CASE level WHEN 'severe' THEN 2 WHEN 'moderate' THEN 1 ELSE 0 END`, 'desc')
      .orderBy('start_date', (o) => o.desc().nullsLast())
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
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
