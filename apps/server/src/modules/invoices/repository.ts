import type { Db } from '../../db/database.ts';

export class InvoicesRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** One page of the account's invoices, due date newest first (missing due dates last). */
  async page(organisationId: string, accountId: string, limit: number, page: number) {
    const base = this.db.selectFrom('invoices').where('organisation_id', '=', organisationId).where('account_id', '=', accountId);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('due_date', (o) => o.desc().nullsLast())
        .orderBy('invoice_number', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(organisationId: string, accountId: string, invoiceId: string) {
    return this.db.selectFrom('invoices').selectAll().where('organisation_id', '=', organisationId).where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
  }
}

export type InvoiceRow = Awaited<ReturnType<InvoicesRepository['page']>>['rows'][number];
