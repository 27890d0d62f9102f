import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DistributionQuery, HourDataQuery, LoadQuery, LocationDataParams, LocationDataQuery, ServicesDataQuery } from '@gridline/contracts/measurements';
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
        // a month's or a week's incomplete last day dropped (decision 0015)
        return ok(await deps.measurements.shownPeriod(organisation, auth.userId, request.params.id, unit, request.params.key, request.query.serviceId, { addRelated: request.query.addRelated, calculateCost: request.query.calculateCost }));
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
      return ok(await deps.measurements.years(organisation, auth.userId, request.params.id, request.query.serviceId, { addRelated: request.query.addRelated, calculateCost: request.query.calculateCost }));
    },
  );

  r.get(
    '/v4/:organisation/locations/:id/data/hour',
    {
      schema: { tags, summary: 'Readings as metered between two instants (at most a week), a child per reading', params: z.object({ organisation: z.string(), id: Id }), querystring: HourDataQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      const q = request.query;
      return ok(await deps.measurements.readingsBetween(organisation, auth.userId, request.params.id, new Date(q.start_date), new Date(q.end_date), q.serviceId));
    },
  );

  r.get(
    '/v4/:organisation/sites/:id/load',
    {
      schema: { tags, summary: "A site's load in kW per hour or quarter, with the peaks of the month's power tariff", params: z.object({ organisation: z.string(), id: Id }), querystring: LoadQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.measurements.load(organisation, auth.userId, request.params.id, request.query));
    },
  );

  r.get(
    '/v4/:organisation/locations/:id/data/distribution/:key',
    {
      schema: { tags, summary: "A month's consumption, cost or CO2 by part of the day", params: LocationDataParams, querystring: DistributionQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.measurements.distribution(organisation, auth.userId, request.params.id, request.params.key, request.query));
    },
  );

  r.get(
    '/v4/:organisation/locations/:id/services-data',
    {
      schema: { tags, summary: "The location's services with 12 months of history and the current month", params: z.object({ organisation: z.string(), id: Id }), querystring: ServicesDataQuery },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.measurements.servicesData(organisation, auth.userId, request.params.id, request.query.month));
    },
  );
}
