import type { Db } from '../../db/database.ts';
import { serviceOfTenantSql } from '../access/fragments.ts';

/** The reads behind a data export, each within the organisation. Access is checked before (MeasurementsService.serviceOf). */
export class ExportsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The location's address and the user's language, both within the organisation. */
  async context(organisationId: string, userId: string, locationId: string): Promise<{ address: string; language: string | null }> {
    const [location, user] = await Promise.all([
      this.db.selectFrom('locations').select('address').where('organisation_id', '=', organisationId).where('id', '=', locationId).executeTakeFirst(),
      this.db.selectFrom('users').select('language').where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst(),
    ]);
    return { address: location?.address ?? '', language: user?.language ?? null };
  }

  /** A service's readings starting in [from, to), in time order. Readings have no cost: it is kept per hour. */
  readings(organisationId: string, serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('readings')
      .select(['interval_start', 'value', 'certainty', 'status'])
      .where('service_seq', '=', serviceSeq)
      .where(serviceOfTenantSql(organisationId))
      .where('interval_start', '>=', from)
      .where('interval_start', '<', to)
      .orderBy('interval_start')
      .execute();
  }

  /** A service's hour, day or month roll-ups starting in [from, to), in time order. */
  rollups(organisationId: string, serviceSeq: number, period: 'hour' | 'day' | 'month', from: Date, to: Date) {
    return this.db
      .selectFrom('reading_rollups')
      .select(['period_start', 'value', 'cost', 'certainty'])
      .where('service_seq', '=', serviceSeq)
      .where(serviceOfTenantSql(organisationId))
      .where('period', '=', period)
      .where('period_start', '>=', from)
      .where('period_start', '<', to)
      .orderBy('period_start')
      .execute();
  }
}
