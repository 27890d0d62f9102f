import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CustomerSearchBy } from '@gridline/contracts/customers';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { staffAccounts, staffUsers } from '../access/fragments.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** A search term in its stored form (the service normalises personal and organisation numbers). */
export interface Search {
  by: CustomerSearchBy;
  term: string;
  limit: number;
  offset: number;
}

/**
 * Customers for staff (decision 0038): the organisation's accounts and users whoever is a member,
 * found by the spec's search options, and the inspectors attached to accounts. Every read takes
 * the organisation id and builds on the staff fragments; the service has checked the scope and
 * the organisation first.
 */
export class CustomersRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The ids of the accounts a search finds (customer number order), one page, with the count of all. */
  async searchAccounts(organisationId: string, search: Search): Promise<{ ids: string[]; total: number }> {
    const memberMatches = (eb: ExpressionBuilder<Database & { a: Database['accounts'] }, 'a'>) =>
      eb.exists(
        eb
          .selectFrom('account_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select('m.id')
          .where('m.organisation_id', '=', organisationId)
          .whereRef('m.account_id', '=', 'a.id')
          .where(search.by === 'personalId' ? sql<boolean>`u.personal_id = ${search.term}` : sql<boolean>`strpos(lower(u.email), lower(${search.term})) > 0`),
      );
    const found = () =>
      staffAccounts(this.db, organisationId).where((eb) => {
        if (search.by === 'customerId') return sql<boolean>`starts_with(a.provider_customer_id, ${search.term})`;
        if (search.by === 'organisationId') return eb('a.organisation_number', '=', search.term);
        return memberMatches(eb);
      });
    const [rows, count] = await Promise.all([
      found().select('a.id').orderBy('a.provider_customer_id').orderBy('a.id').limit(search.limit).offset(search.offset).execute(),
      found().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** The ids of the users a search finds (name order), one page, with the count of all. */
  async searchUsers(organisationId: string, search: Search): Promise<{ ids: string[]; total: number }> {
    const accountMatches = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
      eb.exists(
        eb
          .selectFrom('account_members as m')
          .innerJoin('accounts as a', 'a.id', 'm.account_id')
          .select('m.id')
          .where('m.organisation_id', '=', organisationId)
          .whereRef('m.user_id', '=', 'u.id')
          .where(search.by === 'organisationId' ? sql<boolean>`a.organisation_number = ${search.term}` : sql<boolean>`starts_with(a.provider_customer_id, ${search.term})`),
      );
    const found = () =>
      staffUsers(this.db, organisationId).where((eb) => {
        if (search.by === 'personalId') return eb('u.personal_id', '=', search.term);
        if (search.by === 'email') return sql<boolean>`strpos(lower(u.email), lower(${search.term})) > 0`;
        if (search.by === 'customerId') return eb.or([sql<boolean>`starts_with(u.customer_number, ${search.term})`, accountMatches(eb)]);
        return accountMatches(eb);
      });
    const [rows, count] = await Promise.all([
      found().select('u.id').orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').limit(search.limit).offset(search.offset).execute(),
      found().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** A page of the organisation's users, newest first (or the members of one account), with the count of all. */
  async listUsers(organisationId: string, filter: { accountId?: string | undefined; limit: number; offset: number }): Promise<{ ids: string[]; total: number }> {
    const found = () =>
      staffUsers(this.db, organisationId).$if(filter.accountId !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(eb.selectFrom('account_members as m').select('m.id').where('m.organisation_id', '=', organisationId).where('m.account_id', '=', filter.accountId!).whereRef('m.user_id', '=', 'u.id')),
        ),
      );
    const [rows, count] = await Promise.all([
      found().select('u.id').orderBy('u.created_at', 'desc').orderBy('u.id').limit(filter.limit).offset(filter.offset).execute(),
      found().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** A page of the organisation's accounts by customer number, of a type and seen since a day when asked, with the count of all. */
  async listAccounts(organisationId: string, filter: { type?: string | undefined; seenSince?: string | undefined; limit: number; offset: number }): Promise<{ ids: string[]; total: number }> {
    const found = () =>
      staffAccounts(this.db, organisationId)
        .$if(filter.type !== undefined, (q) => q.where('a.type', '=', filter.type!))
        .$if(filter.seenSince !== undefined, (q) => q.where('a.last_seen', '>=', new Date(`${filter.seenSince!}T00:00:00Z`)));
    const [rows, count] = await Promise.all([
      found().select('a.id').orderBy('a.provider_customer_id').orderBy('a.id').limit(filter.limit).offset(filter.offset).execute(),
      found().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** Accounts of the organisation by id, with their users (OWNER first) and how many locations they have. */
  accounts(organisationId: string, ids: readonly string[]) {
    return staffAccounts(this.db, organisationId)
      .where('a.id', 'in', ids.length > 0 ? [...ids] : [''])
      .select(['a.id', 'a.type', 'a.provider_customer_id', 'a.organisation_number', 'a.account_owner_id', 'a.created_at', 'a.last_seen'])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('account_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.phone_number', 'u.personal_id', 'm.role'])
            .where('m.organisation_id', '=', organisationId)
            .whereRef('m.account_id', '=', 'a.id')
            .orderBy((o) => o.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
            .orderBy('m.created_at')
            .orderBy('m.id'),
        ).as('users'),
        eb
          .selectFrom('locations as l')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('l.organisation_id', '=', organisationId)
          .whereRef('l.account_id', '=', 'a.id')
          .as('location_count'),
      ])
      .execute();
  }

  /** Users of the organisation by id, with their memberships (OWNER first). */
  users(organisationId: string, ids: readonly string[]) {
    return staffUsers(this.db, organisationId)
      .where('u.id', 'in', ids.length > 0 ? [...ids] : [''])
      .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.phone_number', 'u.personal_id', 'u.language', 'u.customer_number', 'u.created_at', 'u.last_seen'])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('account_members as m')
            .innerJoin('accounts as a', 'a.id', 'm.account_id')
            .select(['m.account_id', 'm.role', 'a.type', 'a.provider_customer_id'])
            .where('m.organisation_id', '=', organisationId)
            .whereRef('m.user_id', '=', 'u.id')
            .orderBy((o) => o.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
            .orderBy('m.created_at')
            .orderBy('m.id'),
        ).as('memberships'),
      ])
      .execute();
  }

  /** When the user asked to be deleted (decision 0042), or null (also for no such user). */
  async deletionRequestedAt(organisationId: string, userId: string): Promise<Date | null> {
    const row = await this.db.selectFrom('users').select('deletion_requested_at').where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
    return row?.deletion_requested_at ?? null;
  }

  /** The user's last sign-ins in the organisation (the portal's processes that finished), newest first. */
  recentSignIns(organisationId: string, userId: string, limit: number) {
    return this.db
      .selectFrom('auth_processes')
      .select(['created_at', 'type', 'status', 'scope'])
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  // ── user changes ───────────────────────────────────────────────────────────────────────────

  /** Whether another user of the organisation has the personal number. */
  async personalIdTaken(organisationId: string, personalId: string): Promise<boolean> {
    const row = await staffUsers(this.db, organisationId).select('u.id').where('u.personal_id', '=', personalId).executeTakeFirst();
    return row !== undefined;
  }

  /** A user's role in an account of the organisation, if they are a member. */
  async membership(organisationId: string, userId: string, accountId: string) {
    return this.db
      .selectFrom('account_members')
      .select(['id', 'role'])
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * A new user and their membership of one account, in one transaction; false (and nothing
   * written) when the organisation already has a user with that personal identity number.
   */
  async createUser(user: { id: string; organisationId: string; email: string | null; phoneNumber: string | null; firstName: string; lastName: string; language: string | null; personalId: string | null }, membership: { id: string; accountId: string; role: string }): Promise<boolean> {
    try {
      await this.insertUser(user, membership);
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'users_org_personal_id')) return false;
      throw error;
    }
  }

  private async insertUser(user: { id: string; organisationId: string; email: string | null; phoneNumber: string | null; firstName: string; lastName: string; language: string | null; personalId: string | null }, membership: { id: string; accountId: string; role: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      await trx
        .insertInto('users')
        .values({
          id: user.id,
          organisation_id: user.organisationId,
          username: null,
          password_hash: null,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          phone_number: user.phoneNumber,
          language: user.language,
          personal_id: user.personalId,
          customer_number: null,
          active_account_id: membership.accountId,
          created_at: now,
          last_seen: null,
        })
        .execute();
      await trx
        .insertInto('account_members')
        .values({ id: membership.id, organisation_id: user.organisationId, account_id: membership.accountId, user_id: user.id, role: membership.role, created_at: now })
        .execute();
    });
  }

  /** Changes a user's contact details, names or language; false when the organisation has no such user. */
  async updateUser(organisationId: string, id: string, patch: { email?: string | null; phone_number?: string | null; first_name?: string; last_name?: string; language?: string | null }): Promise<boolean> {
    const result = await this.db.updateTable('users').set(patch).where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Ends a user's membership of an account (never the owner's: the service checks); false when there was none. */
  async removeMembership(organisationId: string, userId: string, accountId: string): Promise<boolean> {
    const result = await this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('account_members').where('organisation_id', '=', organisationId).where('user_id', '=', userId).where('account_id', '=', accountId).executeTakeFirst();
      await trx.updateTable('users').set({ active_account_id: null }).where('organisation_id', '=', organisationId).where('id', '=', userId).where('active_account_id', '=', accountId).execute();
      return deleted;
    });
    return result.numDeletedRows > 0n;
  }

  /** The accounts the user owns (as `account_owner_id` or with the role OWNER), with how many other users each has. */
  ownedAccounts(organisationId: string, userId: string) {
    return staffAccounts(this.db, organisationId)
      .where((eb) =>
        eb.or([
          eb('a.account_owner_id', '=', userId),
          eb.exists(eb.selectFrom('account_members as o').select('o.id').where('o.organisation_id', '=', organisationId).whereRef('o.account_id', '=', 'a.id').where('o.user_id', '=', userId).where('o.role', '=', 'OWNER')),
        ]),
      )
      .select('a.id')
      .select((eb) =>
        eb
          .selectFrom('account_members as m')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('m.organisation_id', '=', organisationId)
          .whereRef('m.account_id', '=', 'a.id')
          .where('m.user_id', '!=', userId)
          .as('others'),
      )
      .orderBy('a.id')
      .execute();
  }

  /**
   * Deletes a user of the organisation in one transaction: their sessions revoked (the families
   * answered, so that this process refuses them at once), the accounts they owned left without an
   * owner, then the row, which takes their memberships, sign-in processes and refresh tokens with
   * it (ON DELETE CASCADE). False when the organisation has no such user.
   */
  async deleteUser(organisationId: string, userId: string): Promise<{ deleted: boolean; families: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const revoked = await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('organisation_id', '=', organisationId).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('family_id').execute();
      await trx.updateTable('accounts').set({ account_owner_id: null }).where('organisation_id', '=', organisationId).where('account_owner_id', '=', userId).execute();
      const deleted = await trx.deleteFrom('users').where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
      return { deleted: deleted.numDeletedRows > 0n, families: [...new Set(revoked.map((r) => r.family_id))] };
    });
  }

  // ── accounts and their sites (decision 0041) ────────────────────────────────────────────────

  /** Whether the organisation has an account with the customer number. */
  async customerNumberTaken(organisationId: string, customerNumber: string): Promise<boolean> {
    return (await staffAccounts(this.db, organisationId).select('a.id').where('a.provider_customer_id', '=', customerNumber).executeTakeFirst()) !== undefined;
  }

  /** A new account, and its owner's membership when one is named, in one transaction; false when the customer number was taken meanwhile. */
  async createAccount(row: { id: string; organisationId: string; type: string; customerNumber: string; organisationNumber: string | null; ownerId: string | null }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const inserted = await trx
        .insertInto('accounts')
        .values({ id: row.id, organisation_id: row.organisationId, type: row.type, provider_customer_id: row.customerNumber, organisation_number: row.organisationNumber, account_owner_id: row.ownerId, created_at: now, last_seen: null })
        .onConflict((oc) => oc.columns(['organisation_id', 'provider_customer_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      if (row.ownerId) {
        await trx.insertInto('account_members').values({ id: newId(), organisation_id: row.organisationId, account_id: row.id, user_id: row.ownerId, role: 'OWNER', created_at: now }).execute();
        await trx.updateTable('users').set({ active_account_id: row.id }).where('organisation_id', '=', row.organisationId).where('id', '=', row.ownerId).where('active_account_id', 'is', null).execute();
      }
      return true;
    });
  }

  /** What keeps an account from being deleted: how many users, locations (any status) and invoices it has. */
  async accountContents(organisationId: string, accountId: string): Promise<{ members: number; sites: number; invoices: number }> {
    const count = (table: 'account_members' | 'locations' | 'invoices') =>
      this.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('organisation_id', '=', organisationId).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    const [members, sites, invoices] = await Promise.all([count('account_members'), count('locations'), count('invoices')]);
    return { members: Number(members.n), sites: Number(sites.n), invoices: Number(invoices.n) };
  }

  /** Deletes an account that has no users, locations or invoices (checked again in the statement); false otherwise. */
  async deleteEmptyAccount(organisationId: string, accountId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('accounts as a')
      .where('a.organisation_id', '=', organisationId)
      .where('a.id', '=', accountId)
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(eb.selectFrom('account_members as m').select('m.id').whereRef('m.account_id', '=', 'a.id')),
            eb.exists(eb.selectFrom('locations as l').select('l.id').whereRef('l.account_id', '=', 'a.id')),
            eb.exists(eb.selectFrom('invoices as i').select('i.id').whereRef('i.account_id', '=', 'a.id')),
          ]),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A location of the organisation and the account that holds it (null: none). */
  locationHolder(organisationId: string, locationId: string) {
    return this.db.selectFrom('locations').select(['id', 'account_id', 'status']).where('organisation_id', '=', organisationId).where('id', '=', locationId).executeTakeFirst();
  }

  /** Attaches a location no account holds to the account; false when another account took it meanwhile. */
  async attachLocation(organisationId: string, accountId: string, locationId: string): Promise<boolean> {
    const result = await this.db.updateTable('locations').set({ account_id: accountId }).where('organisation_id', '=', organisationId).where('id', '=', locationId).where('account_id', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Detaches a location from the account (kept, held by none); false when it was not the account's. */
  async detachLocation(organisationId: string, accountId: string, locationId: string): Promise<boolean> {
    const result = await this.db.updateTable('locations').set({ account_id: null }).where('organisation_id', '=', organisationId).where('account_id', '=', accountId).where('id', '=', locationId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The account's owner and what the provider's customer register says of the account's customer number. */
  registerEntryOfAccount(organisationId: string, accountId: string) {
    return staffAccounts(this.db, organisationId)
      .innerJoin('provider_customers as c', (join) => join.onRef('c.customer_number', '=', 'a.provider_customer_id').on('c.organisation_id', '=', organisationId))
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'a.account_owner_id').on('u.organisation_id', '=', organisationId))
      .where('a.id', '=', accountId)
      .select([
        'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone_number', 'u.language',
        'c.first_name as register_first_name', 'c.last_name as register_last_name', 'c.email as register_email', 'c.phone_number as register_phone_number', 'c.language as register_language',
      ])
      .executeTakeFirst();
  }

  /** Whether a location belongs to an account of the organisation. */
  async locationOfAccount(organisationId: string, accountId: string, locationId: string): Promise<boolean> {
    const row = await this.db.selectFrom('locations').select('id').where('organisation_id', '=', organisationId).where('account_id', '=', accountId).where('id', '=', locationId).executeTakeFirst();
    return row !== undefined;
  }

  // ── account prospects and their creation logs ─────────────────────────────────────────────

  /** Prospects of the organisation with their customer number: by sign-in ref, by id, or by a search (newest first, paged). */
  async prospects(
    organisationId: string,
    by: { ref?: string; id?: string; status?: string | undefined; customerId?: string | undefined; from?: string | undefined; to?: string | undefined; limit?: number; offset?: number },
  ) {
    const found = () =>
      this.db
        .selectFrom('account_prospects as p')
        .innerJoin('provider_customers as c', (join) => join.onRef('c.id', '=', 'p.provider_customer_id').on('c.organisation_id', '=', organisationId))
        .where('p.organisation_id', '=', organisationId)
        .$if(by.ref !== undefined, (q) => q.where('p.auth_ref', '=', by.ref!))
        .$if(by.id !== undefined, (q) => q.where('p.id', '=', by.id!))
        .$if(by.status !== undefined, (q) => q.where('p.status', '=', by.status!))
        .$if(by.customerId !== undefined, (q) => q.where('c.customer_number', '=', by.customerId!))
        .$if(by.from !== undefined, (q) => q.where('p.created_at', '>=', new Date(`${by.from!}T00:00:00Z`)))
        .$if(by.to !== undefined, (q) => q.where('p.created_at', '<', new Date(Date.parse(`${by.to!}T00:00:00Z`) + 86_400_000)));
    const [rows, count] = await Promise.all([
      found()
        .select(['p.id', 'p.status', 'c.customer_number', 'p.user_id', 'p.account_id', 'p.error', 'p.log', 'p.created_at', 'p.updated_at'])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .$if(by.limit !== undefined, (q) => q.limit(by.limit!).offset(by.offset ?? 0))
        .execute(),
      found().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  // ── inspectors ────────────────────────────────────────────────────────────────────────────

  /** Attachments of the organisation with the admin's and the account's details; by account or by admin. */
  inspectors(organisationId: string, by: { accountIds?: readonly string[]; adminId?: string }) {
    return this.db
      .selectFrom('account_inspectors as i')
      .innerJoin('admins as ad', 'ad.id', 'i.admin_id')
      .innerJoin('accounts as a', (join) => join.onRef('a.id', '=', 'i.account_id').on('a.organisation_id', '=', organisationId))
      .select(['i.admin_id', 'i.account_id', 'i.created_by', 'i.created_at', 'ad.email', 'ad.first_name', 'ad.last_name', 'ad.scope', 'a.provider_customer_id', 'a.type'])
      .where('i.organisation_id', '=', organisationId)
      .$if(by.accountIds !== undefined, (q) => q.where('i.account_id', 'in', by.accountIds!.length > 0 ? [...by.accountIds!] : ['']))
      .$if(by.adminId !== undefined, (q) => q.where('i.admin_id', '=', by.adminId!))
      .orderBy('i.created_at')
      .orderBy('i.admin_id')
      .orderBy('i.account_id')
      .execute();
  }

  /** Attaches; false when the attachment already existed. */
  async addInspector(row: { organisationId: string; adminId: string; accountId: string; createdBy: string }): Promise<boolean> {
    const inserted = await this.db
      .insertInto('account_inspectors')
      .values({ organisation_id: row.organisationId, admin_id: row.adminId, account_id: row.accountId, created_by: row.createdBy, created_at: new Date() })
      .onConflict((oc) => oc.columns(['admin_id', 'account_id']).doNothing())
      .returning('admin_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Removes the admin from the accounts; answers the accounts it was removed from. */
  async removeInspector(organisationId: string, adminId: string, accountIds: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('account_inspectors')
      .where('organisation_id', '=', organisationId)
      .where('admin_id', '=', adminId)
      .where('account_id', 'in', accountIds.length > 0 ? [...accountIds] : [''])
      .returning('account_id')
      .execute();
    return rows.map((r) => r.account_id);
  }

  /** An admin by id or e-mail, with the organisation they belong to (null: the platform's). */
  admin(by: { id: string } | { email: string }) {
    const query = this.db.selectFrom('admins').select(['id', 'email', 'scope', 'organisation_id', 'first_name', 'last_name']);
    return ('id' in by ? query.where('id', '=', by.id) : query.where(sql<boolean>`lower(email) = lower(${by.email})`)).executeTakeFirst();
  }
}

export type AccountRow = Awaited<ReturnType<CustomersRepository['accounts']>>[number];
export type UserRow = Awaited<ReturnType<CustomersRepository['users']>>[number];
export type InspectorRow = Awaited<ReturnType<CustomersRepository['inspectors']>>[number];
export type ProspectRow = Awaited<ReturnType<CustomersRepository['prospects']>>['rows'][number];
