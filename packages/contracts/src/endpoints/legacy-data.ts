import { endpoint } from '../endpoint.ts';
import { LegacyDataItem, LegacyDataParams, LegacyDataQuery, LegacyHourQuery } from '../legacy-data.ts';

/**
 * The legacy site data reads of spec 000 and 001 section 7 (`/v3/data/{hour|day|month|year}`
 * with `siteId`), served as written: the organisation is the token's (decision 0015). The zone
 * forms are in `prices.ts`.
 */

const errors = ['NOT_FOUND', 'INVALID_DATE_KEY', 'INVALID_DATE', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LONG'] as const;

export const getLegacyHours = endpoint({
  method: 'GET',
  path: '/v3/data/hour',
  operationId: 'getLegacyHours',
  tag: 'location data',
  summary: "Legacy: a site's hours between start_date and end_date (at most 31 days), as data items",
  auth: 'user',
  query: LegacyHourQuery,
  response: { data: LegacyDataItem },
  errors,
  examples: { query: { siteId: '735999100000000001', start_date: '2025-10-26', end_date: '2025-10-26' } },
});

const period = <const Id extends string>(unit: 'day' | 'month' | 'year', operationId: Id, key: string) =>
  endpoint({
    method: 'GET',
    path: `/v3/data/${unit}/{key}`,
    operationId,
    tag: 'location data',
    summary: `Legacy: a ${unit} of a site's readings with its children, as a data item`,
    auth: 'user',
    params: LegacyDataParams,
    query: LegacyDataQuery,
    response: { data: LegacyDataItem },
    errors,
    examples: { params: { key }, query: { siteId: '735999100000000001' } },
  });

export const getLegacyDay = period('day', 'getLegacyDay', '2025-10-26');
export const getLegacyMonth = period('month', 'getLegacyMonth', '2025-10');
export const getLegacyYear = period('year', 'getLegacyYear', '2025');
