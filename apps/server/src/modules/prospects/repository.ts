import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export type ProspectRow = NonNullable<Awaited<ReturnType<ProspectsRepository['find']>>>;

const TERMINAL = ['provider_failed', 'account_failed', 'signed_in', 'abandoned'];

/** One entry of a prospect's log (the account creation log): the status, the database's time, and the error if any. */
const logEntry = (status: string, error?: string) =>
  sql`jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', ${status}::text, 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'error', ${error ?? null}::text)))`;

/** The latest `updated_at` at which a step that waits `ms` is due. */
const due = (ms: number) => sql<Date>`now() - ${ms}::integer * interval '1 millisecond'`;

/**
 * Account prospects (spec 001 §3): a person the provider's customer register knows, on the way
 * to an account here. The row's `log` is the account creation log (each status with its time).
 */
export class ProspectsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  find(organisationId: string, id: string) {
    return this.db.selectFrom('account_prospects').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  }

  /** The prospect of that customer that is still under way (or done and not yet signed in), if any. */
  findOpen(organisationId: string, providerCustomerId: string) {
    return this.db
      .selectFrom('account_prospects')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('provider_customer_id', '=', providerCustomerId)
      .where('status', 'not in', TERMINAL)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async insert(row: { id: string; organisationId: string; providerCustomerId: string; authRef: string | null; userId: string; accountId: string }) {
    await this.db
      .insertInto('account_prospects')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        provider_customer_id: row.providerCustomerId,
        auth_ref: row.authRef,
        status: 'new',
        user_id: row.userId,
        account_id: row.accountId,
        log: sql<string>`${logEntry('new')}`,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .execute();
  }

  /**
   * Moves a prospect on, appending to its log; only from `from` when given, and only once the
   * current status is `dueAfterMs` old (by the database's clock) when that is given. True when it moved.
   */
  async setStatus(id: string, status: string, options: { from?: string[]; error?: string; dueAfterMs?: number } = {}): Promise<boolean> {
    let query = this.db
      .updateTable('account_prospects')
      .set({
        status,
        updated_at: sql<Date>`now()`,
        log: sql<string>`log || ${logEntry(status, options.error)}`,
        ...(options.error ? { error: options.error } : {}),
      })
      .where('id', '=', id);
    if (options.from) query = query.where('status', 'in', options.from);
    if (options.dueAfterMs !== undefined) query = query.where('updated_at', '<=', due(options.dueAfterMs));
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  providerCustomer(id: string) {
    return this.db.selectFrom('provider_customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Abandons the prospects not moved on within `lifetimeMs` (by the database's clock); how many. */
  async abandonStale(lifetimeMs: number): Promise<number> {
    const rows = await this.db
      .updateTable('account_prospects')
      .set({ status: 'abandoned', updated_at: sql<Date>`now()`, log: sql<string>`log || ${logEntry('abandoned')}` })
      .where('status', 'not in', [...TERMINAL, 'account_resolved'])
      .where('updated_at', '<', due(lifetimeMs))
      .returning('id')
      .execute();
    return rows.length;
  }

  /**
   * The user, the account (the user its owner) and the customer's sites, with the ids the prospect
   * reserved, in one transaction with the move to `account_resolved`, so a failure leaves nothing.
   * Only a prospect in `account_pending` for `dueAfterMs` is taken; the row stays locked while
   * its account is created, so another process asked about it meanwhile waits and finds it done.
   * False when the prospect was not due (or not pending).
   */
  async createAccount(prospectId: string, customer: NonNullable<Awaited<ReturnType<ProspectsRepository['providerCustomer']>>>, dueAfterMs: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const prospect = await trx
        .selectFrom('account_prospects')
        .selectAll()
        .where('id', '=', prospectId)
        .where('status', '=', 'account_pending')
        .where('updated_at', '<=', due(dueAfterMs))
        .forUpdate()
        .executeTakeFirst();
      if (!prospect) return false;
      const today = new Date().toISOString().slice(0, 10);
      const now = new Date();
      await trx
        .insertInto('users')
        .values({
          id: prospect.user_id,
          organisation_id: prospect.organisation_id,
          username: null,
          password_hash: null,
          email: customer.email,
          first_name: customer.first_name,
          last_name: customer.last_name,
          phone_number: customer.phone_number,
          language: customer.language,
          personal_id: customer.personal_id,
          customer_number: customer.customer_number,
          active_account_id: prospect.account_id,
          created_at: now,
          last_seen: null,
        })
        .execute();
      await trx
        .insertInto('accounts')
        .values({
          id: prospect.account_id,
          organisation_id: prospect.organisation_id,
          type: customer.type,
          provider_customer_id: customer.customer_number,
          account_owner_id: prospect.user_id,
          organisation_number: customer.organisation_number,
          created_at: now,
          last_seen: null,
        })
        .execute();
      await trx
        .insertInto('account_members')
        .values({ id: newId(), organisation_id: prospect.organisation_id, account_id: prospect.account_id, user_id: prospect.user_id, role: 'OWNER', created_at: now })
        .execute();
      for (const [index, site] of customer.sites.entries()) {
        const locationId = newId();
        const siteId = `${customer.customer_number}-${index + 1}`;
        await trx
          .insertInto('locations')
          .values({
            id: locationId,
            organisation_id: prospect.organisation_id,
            account_id: prospect.account_id,
            // A new customer's site: the portal shows its new-user message (spec 000 §2.3).
            status: 'ACTIVE_PROCESS',
            type: 'CONSUMPTION',
            start_date: site.startDate ?? today,
            address: site.address,
            zipcode: site.zipcode,
            city: site.city,
            price_zone: site.priceZone,
            latitude: null,
            longitude: null,
            provider_site_id: siteId,
            extras: JSON.stringify({}),
            sort_order: index,
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('location_services')
          .values({
            id: newId(),
            organisation_id: prospect.organisation_id,
            location_id: locationId,
            type: 'consumption_trade',
            status: 'pending',
            reading_period: 'hourly',
            start_date: site.startDate ?? today,
            end_date: null,
            properties: JSON.stringify({}),
            provider_site_id: siteId,
          })
          .execute();
      }
      await trx
        .updateTable('account_prospects')
        .set({ status: 'account_resolved', updated_at: sql<Date>`now()`, log: sql<string>`log || ${logEntry('account_resolved')}` })
        .where('id', '=', prospect.id)
        .execute();
      return true;
    });
  }
}
