import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';

/** What a list shows; the document's lines are read only for the document. */
const listColumns = [
  'i.id', 'i.invoice_number', 'i.ocr', 'i.account_id', 'i.location_id', 'i.start_date', 'i.end_date', 'i.due_date',
  'i.create_date', 'i.month', 'i.currency', 'i.invoice_status', 'i.file_type', 'i.provider_name', 'i.info',
] as const;

export class InvoicesRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * One page of an account's invoices, due date newest first (missing due dates last), with the
   * total count; undefined when the user is not a member of the account. One statement.
   */
  pageForMember(organisationId: string, userId: string, accountId: string, limit: number, page: number) {
    return this.db
      .selectFrom('account_members as m')
      .where('m.organisation_id', '=', organisationId)
      .where('m.user_id', '=', userId)
      .where('m.account_id', '=', accountId)
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('invoices as i')
            .select(listColumns)
            .whereRef('i.account_id', '=', 'm.account_id')
            .orderBy('i.due_date', (o) => o.desc().nullsLast())
            .orderBy('i.invoice_number', 'desc')
            .limit(limit)
            .offset((page - 1) * limit),
        ).as('rows'),
        eb
          .selectFrom('invoices as c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('c.account_id', '=', 'm.account_id')
          .as('total'),
      ])
      .executeTakeFirst();
  }

  find(organisationId: string, accountId: string, invoiceId: string) {
    return this.db.selectFrom('invoices').selectAll().where('organisation_id', '=', organisationId).where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
  }
}

export type InvoiceRow = NonNullable<Awaited<ReturnType<InvoicesRepository['pageForMember']>>>['rows'][number];
