import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Invoice, InvoiceListQuery } from '../invoices.ts';

/** Invoices and their documents (spec 000 §7, spec 001 §7). */

const AccountParams = z.object({ organisation: z.string(), accountId: z.string() });
const params = { organisation: 'solvik', accountId: '64b7f0c2a1d3e4f5a6b7c8d9' };

export const getInvoices = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/invoices/accounts/{accountId}/invoices',
  operationId: 'getInvoices',
  tag: 'invoices',
  summary: "The account's invoices, due date newest first",
  description:
    'Paged (`limit`, `page`); `sort` dueDate (default), amount (totalAmount) or status (UNPAID, REMINDED, PAID, CREDITED), `order` asc or desc (default desc for dueDate, asc otherwise). Ties and missing values: due date newest first.',
  auth: 'user',
  params: AccountParams,
  query: InvoiceListQuery,
  response: { data: z.array(Invoice), paged: true },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND'],
  examples: { params, query: { limit: 24, page: 1 } },
});

export const getInvoiceDocument = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/invoices/accounts/{accountId}/invoice',
  operationId: 'getInvoiceDocument',
  tag: 'invoices',
  summary: 'The invoice document (PDF), authorised by a short-lived token',
  description: '`accessToken` from `GET /v3/auth/short-accesstoken` (60 s); `provider` the invoice\'s `invoice.provider` as JSON.',
  auth: 'document',
  params: AccountParams,
  query: z.object({ accessToken: z.string().optional(), provider: z.string().min(1).max(500) }),
  response: { file: { contentTypes: ['application/pdf'], description: 'The invoice, `content-disposition: inline`' } },
  errors: ['MISSING_TOKEN', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'NOT_FOUND', 'MISSING_INVOICE_FILE'],
  examples: { params, query: { provider: '{"name":"demo","documentId":"64b7f0c2a1d3e4f5a6b7c8f0"}' } },
});
