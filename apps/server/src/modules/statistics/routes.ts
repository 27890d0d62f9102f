import type { FastifyInstance } from 'fastify';
import { getBridgeStatistics, getIotUserStatistics, getMonitoringAlerts, getStatistics } from '@gridline/contracts/endpoints/statistics';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import type { StatisticsService } from './service.ts';

/** Statistics and monitoring for the back office's home page (decision 0049): the rules are the service's. */
export function statisticsRoutes(app: FastifyInstance, deps: { statistics: StatisticsService }): void {
  route(app, getIotUserStatistics, async (request) => deps.statistics.iotUsers(staffOf(request), request.query));
  route(app, getBridgeStatistics, async (request) => deps.statistics.bridge(staffOf(request), request.params.org));
  route(app, getStatistics, async (request) => deps.statistics.statistics(staffOf(request), request.params.kind, request.query), {
    config: { issueKeys: getStatistics.errors },
  });
  route(app, getMonitoringAlerts, async (request) => deps.statistics.alerts(staffOf(request), request.query));
}
