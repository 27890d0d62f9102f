import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { visibleLocationStatuses } from '@gridline/contracts/enums';
import type { Database } from '../../db/schema.ts';

/**
 * The one access rule as query fragments (decision 0026). Every repository that reads what a
 * member, a staff scope or an API token may see builds its query on these, so the rule is written
 * once: the organisation's rows, the accounts a user is a member of, the locations visible to a
 * member (and through them their services, agreements and invoices). A fragment adds conditions
 * or joins to the caller's statement, never a statement of its own: the reads stay one statement
 * each (decision 0005), and the SQL they produce is the SQL that was written by hand before.
 *
 * The only module besides a repository's own that a repository may import (lint: eslint.config.js).
 */

/** A connection or a transaction. */
type Executor = Kysely<Database>;

/** The statuses in which a customer sees a location (spec 001 §7): one list, from the contracts. */
export { visibleLocationStatuses };

/**
 * The same list as SQL literals, for the hand-written statements that PostgreSQL keeps a generic
 * plan for (decision 0016): literals, not parameters, so the plan knows them.
 */
export const visibleLocationStatusesSql: RawBuilder<unknown> = sql.join(visibleLocationStatuses.map((s) => sql.lit(s)));

// ── Kysely fragments ────────────────────────────────────────────────────────────────────────────

/** The user's memberships in the organisation (`account_members as m`): the base of every member read. */
export function memberships(db: Executor, organisationId: string, userId: string) {
  return db.selectFrom('account_members as m').where('m.organisation_id', '=', organisationId).where('m.user_id', '=', userId);
}

/**
 * The accounts a member sees: the user's memberships with their accounts, OWNER first, then by
 * when the user joined. The accounts repository reads it, and `users/me` nests it.
 */
export function membershipAccounts(db: Executor, organisationId: string, userId: string) {
  return memberships(db, organisationId, userId)
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.id as membership_id', 'm.role', 'm.account_id', 'a.type', 'a.provider_customer_id', 'a.account_owner_id'])
    .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
    .orderBy('m.created_at')
    .orderBy('m.id');
}

/**
 * The locations a member sees (of all their accounts, or of one, or one location), in the user's
 * account order (OWNER first) and then the location's own order, each with its services and its
 * account's member ids. The locations repository reads it, and `users/me` nests it.
 */
export function visibleLocationsOfMember(db: Executor, organisationId: string, userId: string, only: { accountId?: string; locationId?: string } = {}) {
  return visibleLocationsOfMemberships(db, organisationId, userId)
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .$if(only.accountId !== undefined, (q) => q.where('m.account_id', '=', only.accountId!))
    .$if(only.locationId !== undefined, (q) => q.where('l.id', '=', only.locationId!))
    .select([
      'l.id', 'l.account_id', 'l.status', 'l.type', 'l.start_date', 'l.address', 'l.zipcode', 'l.city', 'l.area', 'l.price_zone',
      'l.latitude', 'l.longitude', 'l.provider_site_id', 'l.extras', 'a.account_owner_id',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('location_services as s')
          .select(['s.id', 's.type', 's.status', 's.reading_period', 's.start_date', 's.end_date', 's.provider_site_id'])
          .whereRef('s.location_id', '=', 'l.id')
          .orderBy('s.id'),
      ).as('services'),
      jsonArrayFrom(membersOfLocationAccount(db)).as('members'),
    ])
    .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
    .orderBy('m.created_at')
    .orderBy('m.id')
    .orderBy('l.sort_order')
    .orderBy('l.id');
}

/** The user's membership of one account (`account_members as m`): no row, no access. */
export function membershipOf(db: Executor, organisationId: string, userId: string, accountId: string) {
  return memberships(db, organisationId, userId).where('m.account_id', '=', accountId);
}

/** The members of one account of the organisation (`account_members as m`): who may see it. */
export function membersOf(db: Executor, organisationId: string, accountId: string) {
  return db.selectFrom('account_members as m').where('m.organisation_id', '=', organisationId).where('m.account_id', '=', accountId);
}

/** The locations (`locations as l`) of the user's memberships (`m`) in the visible statuses: the dashboard's base. */
export function visibleLocationsOfMemberships(db: Executor, organisationId: string, userId: string) {
  return memberships(db, organisationId, userId).innerJoin('locations as l', 'l.account_id', 'm.account_id').where('l.status', 'in', visibleLocationStatuses);
}

/**
 * One location (`locations as l`) as a member sees it: the organisation's, visible, and the user a
 * member (`m`) of its account. No row, no access; the caller selects from it.
 */
export function memberLocation(db: Executor, organisationId: string, userId: string, locationId: string) {
  return db
    .selectFrom('locations as l')
    .innerJoin('account_members as m', (join) => join.onRef('m.account_id', '=', 'l.account_id').on('m.user_id', '=', userId))
    .where('l.organisation_id', '=', organisationId)
    .where('l.id', '=', locationId)
    .where('l.status', 'in', visibleLocationStatuses);
}

/**
 * A condition on a statement over `locations l` (a read or an update): the user is a member of the
 * location's account. One EXISTS probe of the membership index.
 */
export function isMemberOfLocationAccountSql(organisationId: string, userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM account_members m WHERE m.organisation_id = ${organisationId} AND m.user_id = ${userId} AND m.account_id = l.account_id)`;
}

// ── SQL fragments, for the statements written in SQL (the location data reads) ────────────────

/**
 * A service (`location_services s`) of a location a member may read: joins `locations l` and the
 * membership `m`. Use with `memberLocationWhereSql` in the WHERE clause.
 */
export function memberServiceJoinSql(userId: string): RawBuilder<unknown> {
  return sql`JOIN locations l ON l.id = s.location_id
      JOIN account_members m ON m.account_id = l.account_id AND m.user_id = ${userId}`;
}

/** The WHERE part of a member's location (`l`): the organisation's, this one, visible. */
export function memberLocationWhereSql(organisationId: string, locationId: string): RawBuilder<unknown> {
  return sql`l.organisation_id = ${organisationId} AND l.id = ${locationId} AND l.status IN (${visibleLocationStatusesSql})`;
}

/**
 * A condition that a service seq (an expression such as `r.service_seq`) is the organisation's:
 * one unique-index probe, for reads keyed by the service's seq (roll-ups, readings), so that a seq
 * alone can never read another tenant's rows.
 */
export function serviceOfTenantSql(organisationId: string, seq: RawBuilder<unknown> = sql.ref('service_seq')): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM location_services t WHERE t.seq = ${seq} AND t.organisation_id = ${organisationId})`;
}

/**
 * The member ids of a location's account (`l.account_id`), in joining order: a correlated
 * subquery for `jsonArrayFrom`, what a location's `users` lists.
 */
export function membersOfLocationAccount(db: Executor) {
  return db
    .selectFrom('account_members as am')
    .select('am.user_id')
    .where('am.account_id', '=', sql.ref<string>('l.account_id'))
    .orderBy('am.created_at')
    .orderBy('am.user_id');
}

// ── Staff (decision 0038) ──────────────────────────────────────────────────────────────────────

/**
 * Staff see an organisation's customers whole: the accounts (`accounts as a`) of the organisation,
 * whoever is a member. The scope and organisation rule is `AccessService.assertStaffIn` (checked
 * before the read); this fragment keeps every staff read to the organisation's rows.
 */
export function staffAccounts(db: Executor, organisationId: string) {
  return db.selectFrom('accounts as a').where('a.organisation_id', '=', organisationId);
}

/** The organisation's users (`users as u`) for staff. */
export function staffUsers(db: Executor, organisationId: string) {
  return db.selectFrom('users as u').where('u.organisation_id', '=', organisationId);
}

/**
 * Every location of some of the organisation's accounts, in any status (staff see the ones a
 * customer does not), with the same columns, services and member ids as `visibleLocationsOfMember`,
 * so the locations service maps both alike.
 */
export function staffLocationsOfAccounts(db: Executor, organisationId: string, accountIds: readonly string[]) {
  return db
    .selectFrom('locations as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .where('l.organisation_id', '=', organisationId)
    .where('a.organisation_id', '=', organisationId)
    .where('l.account_id', 'in', accountIds.length > 0 ? [...accountIds] : [''])
    .select([
      'l.id', 'l.account_id', 'l.status', 'l.type', 'l.start_date', 'l.address', 'l.zipcode', 'l.city', 'l.area', 'l.price_zone',
      'l.latitude', 'l.longitude', 'l.provider_site_id', 'l.extras', 'a.account_owner_id',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('location_services as s')
          .select(['s.id', 's.type', 's.status', 's.reading_period', 's.start_date', 's.end_date', 's.provider_site_id'])
          .whereRef('s.location_id', '=', 'l.id')
          .orderBy('s.id'),
      ).as('services'),
      jsonArrayFrom(membersOfLocationAccount(db)).as('members'),
    ]);
}
