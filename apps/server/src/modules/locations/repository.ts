import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { isMemberOfLocationAccountSql, staffLocationsOfAccounts, visibleLocationStatuses, visibleLocationsOfMember } from '../access/fragments.ts';

export class LocationsRepository {
  private readonly db: Db;

  /** The visible locations of a member's accounts, as `visibleLocationsOfMember` reads them: one prepared read per shape. */
  private readonly visible;
  private readonly visibleOfAccount;
  private readonly visibleOne;

  constructor(db: Db) {
    this.db = db;
    this.visible = prepared(db, (p: { organisationId: string; userId: string }) => visibleLocationsOfMember(db, p.organisationId, p.userId));
    this.visibleOfAccount = prepared(db, (p: { organisationId: string; userId: string; accountId: string }) =>
      visibleLocationsOfMember(db, p.organisationId, p.userId, { accountId: p.accountId }),
    );
    this.visibleOne = prepared(db, (p: { organisationId: string; userId: string; accountId: string; locationId: string }) =>
      visibleLocationsOfMember(db, p.organisationId, p.userId, { accountId: p.accountId, locationId: p.locationId }),
    );
  }

  /**
   * The visible locations of the accounts a user is a member of (or of one of them, or one
   * location of it). One statement: this is on every dashboard load.
   */
  forUser(organisationId: string, userId: string, accountId?: string, locationId?: string) {
    if (accountId === undefined) return this.visible({ organisationId, userId });
    if (locationId === undefined) return this.visibleOfAccount({ organisationId, userId, accountId });
    return this.visibleOne({ organisationId, userId, accountId, locationId });
  }

  /**
   * Staff (decision 0038): the locations of some of the organisation's accounts, in any status, and
   * when asked only those with a service of the given types and statuses; the account's order, then
   * the location's. `limit`/`offset` page them; `total` counts them all.
   */
  async ofAccountsForStaff(organisationId: string, accountIds: readonly string[], filter: { serviceTypes?: readonly string[] | undefined; serviceStatuses?: readonly string[] | undefined; limit?: number; offset?: number } = {}) {
    const rows = await staffLocationsOfAccounts(this.db, organisationId, accountIds)
      .$if(filter.serviceTypes !== undefined || filter.serviceStatuses !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('location_services as fs')
              .select('fs.id')
              .whereRef('fs.location_id', '=', 'l.id')
              .$if(filter.serviceTypes !== undefined, (f) => f.where('fs.type', 'in', [...filter.serviceTypes!]))
              .$if(filter.serviceStatuses !== undefined, (f) => f.where('fs.status', 'in', [...filter.serviceStatuses!])),
          ),
        ),
      )
      .select(sql<string>`count(*) over ()`.as('total'))
      .orderBy('l.account_id')
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .$if(filter.limit !== undefined, (q) => q.limit(filter.limit!).offset(filter.offset ?? 0))
      .execute();
    return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
  }

  /** Staff (decision 0038): merges `extras` into a location of an account of the organisation, in any status; answers the extras before, or nothing. */
  async mergeExtrasForStaff(where: { organisationId: string; accountId: string; locationId: string }, extras: Record<string, unknown>) {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('locations')
        .select('extras')
        .where('organisation_id', '=', where.organisationId)
        .where('account_id', '=', where.accountId)
        .where('id', '=', where.locationId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      await trx.updateTable('locations as l').set({ extras: sql`l.extras || ${JSON.stringify(extras)}::jsonb` }).where('l.organisation_id', '=', where.organisationId).where('l.id', '=', where.locationId).execute();
      return before.extras;
    });
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
