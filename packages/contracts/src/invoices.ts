import { z } from 'zod';
import { Id } from './common.ts';
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

export const InvoiceListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  page: z.coerce.number().int().min(1).default(1),
});

/** The document link: a short-lived token and the invoice's provider data (encoded JSON). */
export const InvoiceDocumentQuery = z.object({
  accessToken: z.string().min(1, 'MISSING_TOKEN'),
  provider: z.string().min(1),
});
