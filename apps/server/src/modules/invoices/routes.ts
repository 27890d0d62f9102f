import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceListQuery } from '@gridline/contracts/invoices';
import { paged } from '../../lib/http.ts';
import { tenant, tenantUser } from '../../plugins/context.ts';
import type { InvoicesService } from './service.ts';

export function invoiceRoutes(app: FastifyInstance, deps: { invoices: InvoicesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ organisation: z.string(), accountId: z.string() });

  r.get(
    '/v4/:organisation/invoices/accounts/:accountId/invoices',
    { schema: { tags: ['invoices'], summary: "The account's invoices, due date newest first", description: 'Paged (`limit`, `page`); `sort` dueDate (default), amount (totalAmount) or status (UNPAID, REMINDED, PAID, CREDITED), `order` asc or desc (default desc for dueDate, asc otherwise). Ties and missing values: due date newest first.', params, querystring: InvoiceListQuery }, preHandler: app.requireUser },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      const { limit, page, sort, order } = request.query;
      const { data, pagination } = await deps.invoices.list(organisation, auth.userId, request.params.accountId, limit, page, { sort, order });
      return paged(data, pagination);
    },
  );

  r.get(
    '/v4/:organisation/invoices/accounts/:accountId/invoice',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice document (PDF), authorised by a short-lived token',
        params,
        querystring: z.object({ accessToken: z.string().optional(), provider: z.string().min(1).max(500) }),
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await deps.invoices.document(tenant(request), request.params.accountId, request.query.accessToken, request.query.provider);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
