import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { LocationsService } from './service.ts';

export function locationRoutes(app: FastifyInstance, deps: { locations: LocationsService }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v4/:organisation/locations/accounts/:accountId',
    {
      schema: { tags: ['locations'], summary: "The account's visible locations", params: z.object({ organisation: z.string(), accountId: z.string() }) },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.locations.visibleForAccount(organisation, auth.userId, request.params.accountId));
    },
  );
}
