import type { Db } from '../../db/database.ts';

export class LocationsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The accounts' locations in the given statuses, in account order then the location's own order. */
  forAccounts(organisationId: string, accountIds: string[], statuses: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('locations as l')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .selectAll('l')
      .select('a.account_owner_id')
      .where('l.organisation_id', '=', organisationId)
      .where('l.account_id', 'in', accountIds)
      .where('l.status', 'in', statuses)
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .execute();
  }

  services(locationIds: string[]) {
    if (locationIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('location_services').selectAll().where('location_id', 'in', locationIds).orderBy('id').execute();
  }

  members(accountIds: string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('account_members').select(['account_id', 'user_id']).where('account_id', 'in', accountIds).orderBy('created_at').execute();
  }
}
