import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { isMemberOfLocationAccountSql, membersOfLocationAccount, visibleLocationStatuses, visibleLocationsOfMemberships } from '../access/fragments.ts';

export class LocationsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The visible locations of the accounts a user is a member of (or of one of them), in the user's
   * account order (OWNER first) and then the location's own order; each with its services and its
   * account's member ids. One statement: this is on every dashboard load.
   */
  forUser(organisationId: string, userId: string, accountId?: string, locationId?: string) {
    return visibleLocationsOfMemberships(this.db, organisationId, userId)
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .$if(accountId !== undefined, (q) => q.where('m.account_id', '=', accountId!))
      .$if(locationId !== undefined, (q) => q.where('l.id', '=', locationId!))
      .selectAll('l')
      .select('a.account_owner_id')
      .select((eb) => [
        jsonArrayFrom(eb.selectFrom('location_services as s').selectAll('s').whereRef('s.location_id', '=', 'l.id').orderBy('s.id')).as('services'),
        jsonArrayFrom(membersOfLocationAccount(this.db)).as('members'),
      ])
      .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
      .orderBy('m.created_at')
      .orderBy('m.id')
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .execute();
  }

  /**
   * Merges `extras` into a location's extras (top-level keys replaced, others kept), only where the
   * location is the organisation's, of the account, visible, and the user a member of that account: one statement, so access and write cannot drift apart. Answers the id, or
   * nothing when no such location may be changed.
   */
  mergeExtras(where: { organisationId: string; userId: string; accountId: string; locationId: string }, extras: Record<string, unknown>) {
    return this.db
      .updateTable('locations as l')
      .set({ extras: sql`l.extras || ${JSON.stringify(extras)}::jsonb` })
      .where('l.organisation_id', '=', where.organisationId)
      .where('l.account_id', '=', where.accountId)
      .where('l.id', '=', where.locationId)
      .where('l.status', 'in', visibleLocationStatuses)
      .where(isMemberOfLocationAccountSql(where.organisationId, where.userId))
      .returning('l.id')
      .executeTakeFirst();
  }
}

export type LocationRow = Awaited<ReturnType<LocationsRepository['forUser']>>[number];
