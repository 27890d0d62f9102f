import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActiveDisruptionQuery } from '@gridline/contracts/disruptions';
import { ok } from '../../lib/http.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { DisruptionsService } from './service.ts';

export function disruptionRoutes(app: FastifyInstance, deps: { disruptions: DisruptionsService; organisations: OrganisationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Spec 002 §7 writes `GET /v4/disruptions/{product}/active-disruption?product=`: the path names
  // the organisation (the provider's white-label product), the query the channel asking.
  r.get(
    '/v4/disruptions/:product/active-disruption',
    {
      schema: {
        tags: ['disruptions'],
        summary: 'The disruption in force for a channel of the organisation, or null (public)',
        description:
          '`{product}` is the organisation slug; `?product=` the channel, `mypages` (the portal) or `app`. Fatal before warning, then the more severe, then the latest start.',
        params: z.object({ product: z.string() }),
        querystring: ActiveDisruptionQuery,
      },
    },
    async (request, reply) => {
      const organisation = await deps.organisations.getBySlug(request.params.product);
      // Read on every page load and poll: never kept by a cache, so switching one off takes effect at once.
      reply.header('cache-control', 'no-store');
      return ok(await deps.disruptions.active(organisation, request.query.product));
    },
  );
}
