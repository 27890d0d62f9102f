import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export type ProspectRow = NonNullable<Awaited<ReturnType<ProspectsRepository['find']>>>;

const TERMINAL = ['provider_failed', 'account_failed', 'signed_in', 'abandoned'];

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
    const now = new Date();
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
        log: JSON.stringify([{ status: 'new', at: now.toISOString() }]),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** Moves a prospect on, appending to its log; only from `from` when given. True when it moved. */
  async setStatus(id: string, status: string, options: { from?: string[]; error?: string } = {}): Promise<boolean> {
    const now = new Date();
    let query = this.db
      .updateTable('account_prospects')
      .set({
        status,
        updated_at: now,
        log: sql<string>`log || ${JSON.stringify([{ status, at: now.toISOString(), ...(options.error ? { error: options.error } : {}) }])}::jsonb`,
        ...(options.error ? { error: options.error } : {}),
      })
      .where('id', '=', id);
    if (options.from) query = query.where('status', 'in', options.from);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  providerCustomer(id: string) {
    return this.db.selectFrom('provider_customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Prospects not finished within the time a client waits for them. */
  staleOpen(before: Date) {
    return this.db.selectFrom('account_prospects').select(['id']).where('status', 'not in', TERMINAL).where('updated_at', '<', before).execute();
  }

  /**
   * The user, the account (the user its owner) and the customer's sites, with the ids the prospect
   * reserved; in one transaction with the move to `account_resolved`, so a failure leaves nothing.
   */
  async createAccount(prospect: ProspectRow, customer: NonNullable<Awaited<ReturnType<ProspectsRepository['providerCustomer']>>>, today: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
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
      const moved = await trx
        .updateTable('account_prospects')
        .set({
          status: 'account_resolved',
          updated_at: now,
          log: sql<string>`log || ${JSON.stringify([{ status: 'account_resolved', at: now.toISOString() }])}::jsonb`,
        })
        .where('id', '=', prospect.id)
        .where('status', '=', 'account_pending')
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new Error('The prospect moved on while its account was created');
    });
  }
}
