import type { FastifyInstance } from 'fastify';
import { getAccountLocations, getLocation, updateLocation } from '@gridline/contracts/endpoints/locations';
import { route } from '../../lib/route.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { LocationsService } from './service.ts';

export function locationRoutes(app: FastifyInstance, deps: { locations: LocationsService }): void {
  route(app, getAccountLocations, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.locations.visibleForAccount(organisation, auth.userId, request.params.accountId);
  });

  route(app, getLocation, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.locations.oneForAccount(organisation, auth.userId, request.params.accountId, request.query.id);
  });

  route(app, updateLocation, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.locations.updateExtras(organisation, auth.userId, request.params.accountId, request.query.id, request.body.extras);
  });
}
