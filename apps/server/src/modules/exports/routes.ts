import type { FastifyInstance } from 'fastify';
import { downloadExport, getExportUrl } from '@gridline/contracts/endpoints/exports';
import { route } from '../../lib/route.ts';
import { tenant, tenantUser } from '../../plugins/context.ts';
import type { ExportsService } from './service.ts';

export function exportRoutes(app: FastifyInstance, deps: { exports: ExportsService }): void {
  route(app, getExportUrl, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.exports.url(organisation, auth, request.params.id, request.query, `${request.protocol}://${request.host}`);
  });

  route(app, downloadExport, async (request, reply) => {
    const file = await deps.exports.download(tenant(request), request.params.id, request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
