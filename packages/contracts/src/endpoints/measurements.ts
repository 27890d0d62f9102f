import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { Distribution, DistributionQuery, HourDataQuery, LoadAnswer, LoadQuery, LocationDataParams, LocationDataQuery, MeasurementNode, ServicesData, ServicesDataQuery } from '../measurements.ts';

/** A location's readings, cost and related data, answered from roll-ups (spec 000 §7, spec 001 §7). */

const LocationParams = z.object({ organisation: z.string(), id: Id });
const params = { organisation: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8e1' };
const errors = ['NOT_FOUND', 'INVALID_DATE_KEY'] as const;

/** A period of the location by its date key, with its children (a month's days, a day's hours). */
const period = <const Id extends string>(unit: 'year' | 'month' | 'week' | 'day', operationId: Id, key: string) =>
  endpoint({
    method: 'GET',
    path: `/v4/{organisation}/locations/{id}/data/${unit}/{key}`,
    operationId,
    tag: 'location data',
    summary: `A ${unit} of the location's readings with its children, from roll-ups`,
    description: "A month's or a week's incomplete last day is left out (decision 0015). `serviceId`: one of the location's services (its consumption service when left out).",
    auth: 'user',
    params: LocationDataParams,
    query: LocationDataQuery,
    response: { data: MeasurementNode },
    errors,
    examples: { params: { ...params, key } },
  });

export const getLocationYear = period('year', 'getLocationYear', '2025');
export const getLocationMonth = period('month', 'getLocationMonth', '2025-10');
export const getLocationWeek = period('week', 'getLocationWeek', '2025-W43');
export const getLocationDay = period('day', 'getLocationDay', '2025-10-26');

export const getLocationYears = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/data/year/',
  operationId: 'getLocationYears',
  tag: 'location data',
  summary: 'The last five years of the location, with a child per year',
  auth: 'user',
  params: LocationParams,
  query: LocationDataQuery,
  response: { data: MeasurementNode },
  errors: ['NOT_FOUND'],
  examples: { params },
});

export const getLocationHours = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/data/hour',
  operationId: 'getLocationHours',
  tag: 'location data',
  summary: 'Readings as metered between two instants (at most a week), a child per reading',
  auth: 'user',
  params: LocationParams,
  query: HourDataQuery,
  response: { data: MeasurementNode },
  errors: ['NOT_FOUND', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LONG'],
  examples: { params, query: { start_date: '2025-10-26T10:00:00Z', end_date: '2025-10-26T11:00:00Z' } },
});

export const getSiteLoad = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/sites/{id}/load',
  operationId: 'getSiteLoad',
  tag: 'location data',
  summary: "A site's load in kW per hour or quarter, with the peaks of the month's power tariff",
  description: '`dateKey` (a month or a day), or `start` and `end` (instants with an offset).',
  auth: 'user',
  params: LocationParams,
  query: LoadQuery,
  response: { data: LoadAnswer },
  errors: ['NOT_FOUND', 'INVALID_DATE_KEY', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LONG'],
  examples: { params, query: { resolution: 'hour', dateKey: '2025-10-26' } },
});

export const getDistribution = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/data/distribution/{key}',
  operationId: 'getDistribution',
  tag: 'location data',
  summary: "A month's consumption, cost or CO2 by part of the day",
  auth: 'user',
  params: LocationDataParams,
  query: DistributionQuery,
  response: { data: Distribution },
  errors,
  examples: { params: { ...params, key: '2025-10' }, query: { type: 'consumption' } },
});

export const getServicesData = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/services-data',
  operationId: 'getServicesData',
  tag: 'location data',
  summary: "The location's services with 12 months of history and the current month",
  auth: 'user',
  params: LocationParams,
  query: ServicesDataQuery,
  response: { data: ServicesData },
  errors: ['NOT_FOUND'],
  examples: { params, query: { month: '2025-10' } },
});
