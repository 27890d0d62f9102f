import { z } from 'zod';
import { BoundedText, Id } from './common.ts';
import { InvoiceFileType, InvoiceStatus } from './enums.ts';

export const InvoiceInfoEntry = z.object({ key: z.string(), value: z.union([z.string(), z.number()]) });

export const InvoiceProvider = z.object({ name: z.string(), documentId: Id });

/** Invoice of spec 000 section 3; `id` is the invoice number. */
export const Invoice = z.object({
  _id: Id,
  id: z.string(),
  ocr: z.string(),
  accountId: Id,
  locationId: Id.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string().nullable(),
  createDate: z.string(),
  month: z.string(),
  currency: z.string(),
  invoiceStatus: InvoiceStatus,
  invoice: z.object({ type: InvoiceFileType, provider: InvoiceProvider }),
  info: z.array(InvoiceInfoEntry),
});
export type Invoice = z.infer<typeof Invoice>;

/** What an invoice list can be sorted by: due date (the default), the total amount, the status. */
export const InvoiceSortField = z.enum(['dueDate', 'amount', 'status']);
export type InvoiceSortField = z.infer<typeof InvoiceSortField>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/**
 * The order of statuses when sorting by status, ascending: the unpaid invoice first (spec 000
 * §4.4 tells UNPAID apart from the rest), then a reminded, a paid and a credited one.
 */
export const invoiceStatusOrder: readonly InvoiceStatus[] = ['UNPAID', 'REMINDED', 'PAID', 'CREDITED'];

/**
 * Paging and sorting of `GET …/invoices`. Without `sort` the list is due date newest first;
 * `order` defaults to `desc` for the due date and `asc` otherwise. Ties (and missing amounts or
 * due dates, always last) fall back to due date newest first, then the invoice number.
 */
export const InvoiceListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  page: z.coerce.number().int().min(1).default(1),
  sort: InvoiceSortField.default('dueDate'),
  order: SortOrder.optional(),
});

/** The document link: a short-lived token and the invoice's provider data (encoded JSON). */
export const InvoiceDocumentQuery = z.object({
  accessToken: z.string().min(1, 'MISSING_TOKEN').max(4000),
  provider: BoundedText(2000, { min: 1 }),
});
