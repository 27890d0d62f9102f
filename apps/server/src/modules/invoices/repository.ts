import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { invoiceStatusOrder, type InvoiceSortField, type SortOrder } from '@gridline/contracts/invoices';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { membershipOf } from '../access/fragments.ts';

/** What a list shows; the document's lines are read only for the document. */
const listColumns = [
  'i.id', 'i.invoice_number', 'i.ocr', 'i.account_id', 'i.location_id', 'i.start_date', 'i.end_date', 'i.due_date',
  'i.create_date', 'i.month', 'i.currency', 'i.invoice_status', 'i.file_type', 'i.provider_name', 'i.info',
] as const;

/** How a list is ordered: the field and its direction; ties go due date newest first, then invoice number. */
export interface InvoiceOrder {
  sort: InvoiceSortField;
  order: SortOrder;
}

/** The total amount: the info entry with key totalAmount, when it is a plain number. */
const totalAmount = sql<string | null>`(
  SELECT CASE WHEN e->>'value' ~ '^-?[0-9]+([.][0-9]+)?$' THEN (e->>'value')::numeric END
  FROM jsonb_array_elements(i.info) e WHERE e->>'key' = 'totalAmount' LIMIT 1)`;

/** The status's position in `invoiceStatusOrder` (unpaid first). */
const statusRank = sql<number>`array_position(${sql.raw(`ARRAY[${invoiceStatusOrder.map((s) => `'${s}'`).join(',')}]::text[]`)}, i.invoice_status)`;

export class InvoicesRepository {
  private readonly db: Db;
  /** One prepared page read per order (`sort order`). */
  private readonly pages = new Map<string, ReturnType<InvoicesRepository['pageRead']>>();
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * One page of an account's invoices, due date newest first (missing due dates last) unless
   * another order is asked for, with the total count; undefined when the user is not a member of
   * the account. One statement.
   */
  pageForMember(organisationId: string, userId: string, accountId: string, limit: number, page: number, order: InvoiceOrder = { sort: 'dueDate', order: 'desc' }) {
    const key = `${order.sort} ${order.order}`;
    let read = this.pages.get(key);
    if (!read) this.pages.set(key, (read = this.pageRead(order)));
    return read({ organisationId, userId, accountId, limit, offset: (page - 1) * limit }).then((rows) => rows[0]);
  }

  /** The page read of one order, prepared once (an order is a shape of the statement). */
  private pageRead(order: InvoiceOrder) {
    return prepared(this.db, (p: { organisationId: string; userId: string; accountId: string; limit: number; offset: number }) =>
      membershipOf(this.db, p.organisationId, p.userId, p.accountId).select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('invoices as i')
            .select(listColumns)
            .whereRef('i.account_id', '=', 'm.account_id')
            .$if(order.sort === 'amount', (q) => q.orderBy(totalAmount, (o) => (order.order === 'asc' ? o.asc() : o.desc()).nullsLast()))
            .$if(order.sort === 'status', (q) => q.orderBy(statusRank, (o) => (order.order === 'asc' ? o.asc() : o.desc()).nullsLast()))
            .$if(order.sort === 'dueDate' && order.order === 'asc', (q) => q.orderBy('i.due_date', (o) => o.asc().nullsLast()))
            .orderBy('i.due_date', (o) => o.desc().nullsLast())
            .orderBy('i.invoice_number', 'desc')
            .limit(p.limit)
            .offset(p.offset),
        ).as('rows'),
        eb
          .selectFrom('invoices as c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('c.account_id', '=', 'm.account_id')
          .as('total'),
      ]),
    );
  }

  /** Staff (decision 0038): the latest `perAccount` invoices of each of some of the organisation's accounts, due date newest first. */
  latestForStaff(organisationId: string, accountIds: readonly string[], perAccount: number) {
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('invoices as i')
          .select(listColumns)
          .select(sql<number>`row_number() over (partition by i.account_id order by i.due_date desc nulls last, i.invoice_number desc)`.as('rank'))
          .where('i.organisation_id', '=', organisationId)
          .where('i.account_id', 'in', accountIds.length > 0 ? [...accountIds] : [''])
          .as('ranked'),
      )
      .selectAll()
      .where('ranked.rank', '<=', perAccount)
      .orderBy('ranked.due_date', (o) => o.desc().nullsLast())
      .orderBy('ranked.invoice_number', 'desc')
      .execute();
  }

  find(organisationId: string, accountId: string, invoiceId: string) {
    return this.db.selectFrom('invoices').selectAll().where('organisation_id', '=', organisationId).where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
  }
}

export type InvoiceRow = NonNullable<Awaited<ReturnType<InvoicesRepository['pageForMember']>>>['rows'][number];
