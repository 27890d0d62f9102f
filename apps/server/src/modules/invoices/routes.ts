import type { FastifyInstance } from 'fastify';
import { getInvoiceDocument, getInvoices } from '@gridline/contracts/endpoints/invoices';
import { route } from '../../lib/route.ts';
import { tenant, tenantUser } from '../../plugins/context.ts';
import type { InvoicesService } from './service.ts';

export function invoiceRoutes(app: FastifyInstance, deps: { invoices: InvoicesService }): void {
  route(app, getInvoices, async (request) => {
    const { organisation, auth } = tenantUser(request);
    const { limit, page, sort, order } = request.query;
    return deps.invoices.list(organisation, auth.userId, request.params.accountId, limit, page, { sort, order });
  });

  route(app, getInvoiceDocument, async (request, reply) => {
    const { pdf, filename } = await deps.invoices.document(tenant(request), request.params.accountId, request.query.accessToken, request.query.provider);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
