import type { FastifyInstance } from 'fastify';
import {
  getDistribution,
  getLocationDay,
  getLocationHours,
  getLocationMonth,
  getLocationWeek,
  getLocationYear,
  getLocationYears,
  getServicesData,
  getSiteLoad,
} from '@gridline/contracts/endpoints/measurements';
import { route } from '../../lib/route.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { MeasurementsService } from './service.ts';

export function measurementRoutes(app: FastifyInstance, deps: { measurements: MeasurementsService }): void {
  for (const [unit, contract] of [['year', getLocationYear], ['month', getLocationMonth], ['week', getLocationWeek], ['day', getLocationDay]] as const) {
    route(app, contract, async (request) => {
      const { organisation, auth } = tenantUser(request);
      // a month's or a week's incomplete last day dropped (decision 0015)
      return deps.measurements.shownPeriod(organisation, auth.userId, request.params.id, unit, request.params.key, request.query.serviceId, { addRelated: request.query.addRelated, calculateCost: request.query.calculateCost });
    });
  }

  route(app, getLocationYears, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.measurements.years(organisation, auth.userId, request.params.id, request.query.serviceId, { addRelated: request.query.addRelated, calculateCost: request.query.calculateCost });
  });

  route(app, getLocationHours, async (request) => {
    const { organisation, auth } = tenantUser(request);
    const q = request.query;
    return deps.measurements.readingsBetween(organisation, auth.userId, request.params.id, new Date(q.start_date), new Date(q.end_date), q.serviceId);
  });

  route(app, getSiteLoad, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.measurements.load(organisation, auth.userId, request.params.id, request.query);
  });

  route(app, getDistribution, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.measurements.distribution(organisation, auth.userId, request.params.id, request.params.key, request.query);
  });

  route(app, getServicesData, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.measurements.servicesData(organisation, auth.userId, request.params.id, request.query.month);
  });
}
