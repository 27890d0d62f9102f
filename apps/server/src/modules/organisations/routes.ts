import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { tenant } from '../../plugins/context.ts';
import type { OrganisationsService } from './service.ts';

export function organisationRoutes(app: FastifyInstance, deps: { organisations: OrganisationsService }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v4/:organisation/organisation',
    { schema: { tags: ['organisations'], summary: "The organisation's public portal configuration", params: z.object({ organisation: z.string() }) } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(deps.organisations.toPublic(tenant(request)));
    },
  );
}
