import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CopyQuery } from '@gridline/contracts/organisations';
import { ok } from '../../lib/http.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { CopyService } from './service.ts';

export function copyRoutes(app: FastifyInstance, deps: { copy: CopyService; organisations: OrganisationsService }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v3/copy/aggregated',
    { schema: { tags: ['copy'], summary: "The organisation's copy texts merged over the platform defaults", querystring: CopyQuery } },
    async (request, reply) => {
      const organisation = await deps.organisations.getBySlug(request.query.organisation);
      const types = request.query.types?.split(',').map((t) => t.trim()).filter(Boolean);
      reply.header('cache-control', 'public, max-age=60');
      return ok(deps.copy.aggregated(organisation, request.query.language, types));
    },
  );
}
