import type { FastifyInstance } from 'fastify';
import {
  createDisruption,
  deleteDisruption,
  getActiveDisruption,
  listCustomerDisruptions,
  listDisruptions,
  toggleDisruption,
  updateDisruption,
} from '@gridline/contracts/endpoints/disruptions';
import { route } from '../../lib/route.ts';
import { staffOf, tenantUser } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { DisruptionsService } from './service.ts';

export function disruptionRoutes(app: FastifyInstance, deps: { disruptions: DisruptionsService; organisations: OrganisationsService }): void {
  route(app, getActiveDisruption, async (request, reply) => {
    const organisation = await deps.organisations.getBySlug(request.params.product);
    // Read on every page load and poll: never kept by a cache, so switching one off takes effect at once.
    reply.header('cache-control', 'no-store');
    return deps.disruptions.active(organisation, request.query.product);
  });
  route(app, listCustomerDisruptions, async (request, reply) => {
    const { organisation } = tenantUser(request);
    reply.header('cache-control', 'no-store');
    return deps.disruptions.allActive(organisation);
  });

  // Staff (spec 002 §7): the rules, the organisation check and the audit entries are the service's.
  route(app, listDisruptions, async (request) => deps.disruptions.list(staffOf(request), request.params.product, request.query));
  route(app, createDisruption, async (request) => deps.disruptions.createFor(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.product, request.body), {
    config: { issueKeys: createDisruption.errors },
  });
  route(
    app,
    updateDisruption,
    async (request) => deps.disruptions.update(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.product, request.params.id, request.body),
    { config: { issueKeys: updateDisruption.errors } },
  );
  route(app, toggleDisruption, async (request) => deps.disruptions.toggle(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.product, request.params.id));
  route(app, deleteDisruption, async (request) => {
    await deps.disruptions.delete(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.product, request.params.id);
    return { success: true as const };
  });
}
