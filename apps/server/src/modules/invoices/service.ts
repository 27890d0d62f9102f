import type { Invoice } from '@gridline/contracts/invoices';
import { InvoiceProvider, type InvoiceSortField, type SortOrder } from '@gridline/contracts/invoices';
import { invoiceDocumentTexts } from '@gridline/copy/documents/invoice-document';
import { formatPersonName } from '@gridline/locale/names';
import { AppError } from '../../lib/errors.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { UsersService } from '../users/service.ts';
import { renderInvoicePdf } from './document.ts';
import type { InvoiceOrder, InvoiceRow, InvoicesRepository } from './repository.ts';

export class InvoicesService {
  private readonly d: { repository: InvoicesRepository; accounts: AccountsService; tokens: TokenService; users: Pick<UsersService, 'documentLanguage'>; reads: ReadCache };
  constructor(deps: InvoicesService['d']) {
    this.d = deps;
  }

  /**
   * One page of the account's invoices, due date newest first unless another order is asked for;
   * without a direction the due date sorts descending and the others ascending.
   */
  async list(organisation: Organisation, userId: string, accountId: string, limit: number, page: number, order: { sort?: InvoiceSortField; order?: SortOrder | undefined } = {}) {
    const sort = order.sort ?? 'dueDate';
    const resolved: InvoiceOrder = { sort, order: order.order ?? (sort === 'dueDate' ? 'desc' : 'asc') };
    // On every dashboard load: kept until the user or the account changes (decision 0033).
    return this.d.reads.get(`invoices ${organisation.id} ${userId} ${accountId} ${limit} ${page} ${resolved.sort} ${resolved.order}`, async () => {
      const result = /^[0-9a-f]{24}$/.test(accountId) ? await this.d.repository.pageForMember(organisation.id, userId, accountId, limit, page, resolved) : undefined;
      if (!result) throw new AppError('NOT_FOUND');
      return { value: { data: result.rows.map(toInvoice), pagination: { limit, page, total: Number(result.total ?? 0) } }, tags: [`u:${userId}`, `a:${accountId}`, `o:${organisation.id}`] };
    });
  }

  /**
   * The invoice document behind a short-lived link. The token (not a header) authorises it, so
   * the browser can open it in a new window; it must be a document token of this organisation
   * whose user is a member of the account.
   */
  /** Staff (decision 0038): the latest invoices of accounts the caller may already see. */
  async latestForStaff(organisation: Organisation, accountIds: readonly string[], perAccount: number): Promise<Invoice[]> {
    return (await this.d.repository.latestForStaff(organisation.id, accountIds, perAccount)).map(toInvoice);
  }

  async document(organisation: Organisation, accountId: string, accessToken: string | undefined, provider: string): Promise<{ pdf: Buffer; filename: string }> {
    if (!accessToken) throw new AppError('MISSING_TOKEN');
    const claims = await this.d.tokens.verify(accessToken, 'document');
    if (claims.organisationId !== organisation.id) throw new AppError('INVALID_TOKEN');
    await this.d.accounts.assertMember(organisation.id, claims.userId, accountId);
    const reference = parseProvider(provider);
    const row = await this.d.repository.find(organisation.id, accountId, reference.documentId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.file_type === 'missing') throw new AppError('MISSING_INVOICE_FILE');
    const [language, account] = await Promise.all([this.d.users.documentLanguage(organisation, claims.userId), this.d.accounts.me(organisation.id, claims.userId, accountId)]);
    const owner = account.accountOwner;
    const pdf = await renderInvoicePdf({
      organisation: { name: organisation.name, country: organisation.country, currency: organisation.currency, theme: organisation.release.content.theme },
      customer: { name: formatPersonName(owner), customerNumber: account.provider.customerId },
      invoice: {
        invoiceNumber: row.invoice_number,
        ocr: row.ocr,
        month: row.month,
        startDate: row.start_date,
        endDate: row.end_date,
        dueDate: row.due_date,
        createDate: row.create_date,
        currency: row.currency,
        invoiceStatus: row.invoice_status,
        lines: row.lines,
        info: row.info,
      },
      language,
      timeZone: organisation.timeZone,
      texts: invoiceDocumentTexts[language],
    });
    return { pdf, filename: `invoice-${row.invoice_number}.pdf` };
  }
}

function parseProvider(provider: string) {
  try {
    const parsed = InvoiceProvider.safeParse(JSON.parse(provider));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the error below
  }
  throw new AppError('VALIDATION_FAILED', { message: 'provider must be the invoice.provider object as JSON', data: { issues: [{ path: 'querystring.provider', message: 'MALFORMED_PROVIDER' }] } });
}

function toInvoice(row: InvoiceRow): Invoice {
  return {
    _id: row.id,
    id: row.invoice_number,
    ocr: row.ocr,
    accountId: row.account_id,
    locationId: row.location_id,
    startDate: row.start_date,
    endDate: row.end_date,
    dueDate: row.due_date,
    createDate: row.create_date,
    month: row.month,
    currency: row.currency,
    invoiceStatus: row.invoice_status as Invoice['invoiceStatus'],
    invoice: { type: row.file_type as Invoice['invoice']['type'], provider: { name: row.provider_name, documentId: row.id } },
    info: row.info,
  };
}
