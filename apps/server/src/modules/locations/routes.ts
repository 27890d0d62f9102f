import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocationQuery, UpdateLocationRequest } from '@gridline/contracts/home';
import { ok } from '../../lib/http.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { LocationsService } from './service.ts';

export function locationRoutes(app: FastifyInstance, deps: { locations: LocationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accountParams = z.object({ organisation: z.string(), accountId: z.string() });

  r.get(
    '/v4/:organisation/locations/accounts/:accountId',
    {
      schema: { tags: ['locations'], summary: "The account's visible locations", params: accountParams },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.locations.visibleForAccount(organisation, auth.userId, request.params.accountId));
    },
  );

  r.get(
    '/v4/:organisation/locations/accounts/:accountId/location',
    {
      schema: {
        tags: ['locations'],
        summary: 'One visible location of the account',
        description: 'Spec 001 §7. `404 NOT_FOUND` unless the location (`id`) is of the account, visible (ACTIVE, ACTIVE_PROCESS, PENDING) and the user a member of the account.',
        params: accountParams,
        querystring: LocationQuery,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.locations.oneForAccount(organisation, auth.userId, request.params.accountId, request.query.id));
    },
  );

  r.patch(
    '/v4/:organisation/locations/accounts/:accountId/location',
    {
      schema: {
        tags: ['locations'],
        summary: "Change the location's home details (my home)",
        description:
          'Spec 001 §7 (body: the fields to change; here `extras`). The given extras fields replace the stored ones, others (ageMix, houseAge) stay. Bounds (packages/contracts/src/home.ts): ' +
          'size 20–300, numberOfResidens 1–20, wasteful 0.7–1.3 in steps of 0.1, lists of at most 50 entries with their "none" (no_vehicle, no_gadgets, none) only alone; ' +
          'anything else is `400 VALIDATION_FAILED` naming the field. Access as the GET (`404 NOT_FOUND`). Answers the updated location.',
        params: accountParams,
        querystring: LocationQuery,
        body: UpdateLocationRequest,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.locations.updateExtras(organisation, auth.userId, request.params.accountId, request.query.id, request.body.extras));
    },
  );
}
