import type { FastifyInstance } from 'fastify';
import { getActiveDisruption } from '@gridline/contracts/endpoints/disruptions';
import { route } from '../../lib/route.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { DisruptionsService } from './service.ts';

export function disruptionRoutes(app: FastifyInstance, deps: { disruptions: DisruptionsService; organisations: OrganisationsService }): void {
  route(app, getActiveDisruption, async (request, reply) => {
    const organisation = await deps.organisations.getBySlug(request.params.product);
    // Read on every page load and poll: never kept by a cache, so switching one off takes effect at once.
    reply.header('cache-control', 'no-store');
    return deps.disruptions.active(organisation, request.query.product);
  });
}
