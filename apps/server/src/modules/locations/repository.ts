import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';

export class LocationsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The locations in the given statuses of the accounts a user is a member of (or of one of them),
   * in the user's account order (OWNER first) and then the location's own order; each with its
   * services and its account's member ids. One statement: this is on every dashboard load.
   */
  forUser(organisationId: string, userId: string, statuses: readonly string[], accountId?: string) {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('locations as l', 'l.account_id', 'm.account_id')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .where('m.organisation_id', '=', organisationId)
      .where('m.user_id', '=', userId)
      .$if(accountId !== undefined, (q) => q.where('m.account_id', '=', accountId!))
      .where('l.status', 'in', statuses)
      .selectAll('l')
      .select('a.account_owner_id')
      .select((eb) => [
        jsonArrayFrom(eb.selectFrom('location_services as s').selectAll('s').whereRef('s.location_id', '=', 'l.id').orderBy('s.id')).as('services'),
        jsonArrayFrom(eb.selectFrom('account_members as am').select('am.user_id').whereRef('am.account_id', '=', 'l.account_id').orderBy('am.created_at').orderBy('am.user_id')).as('members'),
      ])
      .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
      .orderBy('m.created_at')
      .orderBy('m.id')
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .execute();
  }
}

export type LocationRow = Awaited<ReturnType<LocationsRepository['forUser']>>[number];
