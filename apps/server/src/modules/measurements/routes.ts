import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocationDataParams, LocationDataQuery } from '@gridline/contracts/measurements';
import { Id } from '@gridline/contracts/common';
import { ok } from '../../lib/http.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { MeasurementsService } from './service.ts';

export function measurementRoutes(app: FastifyInstance, deps: { measurements: MeasurementsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['location data'];

  for (const unit of ['year', 'month', 'week', 'day'] as const) {
    r.get(
      `/v4/:organisation/locations/:id/data/${unit}/:key`,
      { schema: { tags, summary: `A ${unit} of the location's readings with its children, from roll-ups`, params: LocationDataParams, querystring: LocationDataQuery }, preHandler: app.requireUser },
      async (request) => {
        const { organisation, auth } = tenantUser(request);
        return ok(await deps.measurements.period(organisation, auth.userId, request.params.id, unit, request.params.key, request.query.serviceId));
      },
    );
  }

  r.get(
    '/v4/:organisation/locations/:id/data/year/',
    {
      schema: { tags, summary: 'The last five years of the location, with a child per year', params: z.object({ organisation: z.string(), id: Id }), querystring: LocationDataQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.measurements.years(organisation, auth.userId, request.params.id, request.query.serviceId));
    },
  );
}
