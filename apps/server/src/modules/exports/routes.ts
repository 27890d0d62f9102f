import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExportDownloadQuery, ExportParams, ExportQuery } from '@gridline/contracts/exports';
import { ok } from '../../lib/http.ts';
import { tenant, tenantUser } from '../../plugins/context.ts';
import type { ExportsService } from './service.ts';

export function exportRoutes(app: FastifyInstance, deps: { exports: ExportsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['location data'];

  r.get(
    '/v4/:organisation/locations/:id/data/export-url',
    {
      schema: { tags, summary: "A 60-second URL of an export (CSV or XLSX) of the location's readings", params: ExportParams, querystring: ExportQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.exports.url(organisation, auth, request.params.id, request.query, request.host));
    },
  );

  r.get(
    '/v4/:organisation/locations/:id/data/export',
    { schema: { tags, summary: 'The export file, authorised by the short-lived token of its URL', params: ExportParams, querystring: ExportDownloadQuery } },
    async (request, reply) => {
      const file = await deps.exports.download(tenant(request), request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
