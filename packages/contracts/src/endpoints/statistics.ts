import { z } from 'zod';
import { Slug } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  BridgeStatistics,
  IotUserStatistics,
  MonitoringAlert,
  monitoringReaders,
  OrganisationQuery,
  Statistics,
  StatisticsKind,
  StatisticsQuery,
  STATISTICS_MAX_DAYS,
  statisticsKinds,
  statisticsReaders,
} from '../statistics.ts';

/**
 * Accounts statistics and monitoring (spec 001 §7, spec 002 §7; issue 17, decision 0049): what
 * the back office's home page shows. One organisation at a time: organisation staff their own
 * (another's is 404), platform staff the one they name. Read-only, computed from the data.
 */

const who = 'Organisation staff get their own organisation (naming another is 404); platform staff name one with `organisation`.';

export const getStatistics = endpoint({
  method: 'GET',
  path: '/v3/account/statistics/{kind}',
  operationId: 'getStatistics',
  tag: 'statistics',
  summary: "An organisation's counts per day of one kind, over a range of its days",
  description:
    `\`kind\`: ${statisticsKinds.join(', ')} (anything else is \`400 UNKNOWN_STATISTICS_KIND\`). ` +
    `\`start_date\` and \`end_date\` are days (YYYY-MM-DD, years 1970–2100, else \`400 INVALID_DATE\`) in the organisation's time zone, both included, ` +
    `the end not before the start (\`400 INVALID_DATE_RANGE\`), at most ${STATISTICS_MAX_DAYS} days (\`400 DATE_RANGE_TOO_LONG\`). ${who}`,
  auth: { scopes: statisticsReaders },
  params: z.object({ kind: StatisticsKind }),
  query: StatisticsQuery,
  response: { data: Statistics },
  errors: ['UNKNOWN_STATISTICS_KIND', 'INVALID_DATE', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LONG', 'UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { kind: 'signIns' }, query: { start_date: '2026-10-01', end_date: '2026-10-31' } },
});

export const getIotUserStatistics = endpoint({
  method: 'GET',
  path: '/v3/account/statistics/iot/users',
  operationId: 'getIotUserStatistics',
  tag: 'statistics',
  summary: 'Customers with smart-home (IoT) devices',
  description: `The smart-home module is not built yet: \`available\` is false and no customer has a device. ${who}`,
  auth: { scopes: statisticsReaders },
  query: OrganisationQuery,
  response: { data: IotUserStatistics },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: {} },
});

export const getBridgeStatistics = endpoint({
  method: 'GET',
  path: '/v3/account/statistics/bridge/{org}',
  operationId: 'getBridgeStatistics',
  tag: 'statistics',
  summary: "An organisation's counts and today's state, for the back office's home page",
  description: `\`org\` is the organisation's slug. ${who}`,
  auth: { scopes: statisticsReaders },
  params: z.object({ org: Slug }),
  response: { data: BridgeStatistics },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { org: 'solvik' } },
});

export const getMonitoringAlerts = endpoint({
  method: 'GET',
  path: '/v3/account/monitoring/alerts',
  operationId: 'getMonitoringAlerts',
  tag: 'statistics',
  summary: "The organisation's alerts, computed from the data: critical first, then the oldest",
  description:
    'Rules: `jobFailedTwice` (the latest two runs of a job of the organisation, or a platform-wide one, failed), ' +
    '`readingsLate` (active services whose readings stopped more than the measurements delay ago), ' +
    '`pricesNotFinal` (today’s day-ahead prices of a zone of the organisation are not final, or tomorrow’s are not final by 13:30 CET). ' +
    `When they cannot be computed: \`503 MONITORING_ALERTS_FAILED\` ('Failed to fetch monitoring alerts'). ${who}`,
  auth: { scopes: monitoringReaders },
  query: OrganisationQuery,
  response: { data: z.array(MonitoringAlert) },
  errors: ['MONITORING_ALERTS_FAILED', 'UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: {} },
});
