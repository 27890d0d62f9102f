import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  AreaParams,
  AreaSpotPriceQuery,
  SpotPriceAverage,
  SpotPriceAverageQuery,
  SpotPriceSeries,
  SpotPriceSeriesQuery,
  StoredSpotPriceQuery,
  StoredSpotPrices,
  ZoneDayParams,
  ZoneDayQuery,
  ZoneHourQuery,
  ZoneMonthParams,
  ZoneMonthQuery,
  ZoneParams,
  ZoneSpotPrices,
} from '../prices.ts';

/**
 * Spot price reads (spec 001 section 7 "Spot prices" and the legacy zone reads of spec 000
 * section 7). Public market data: no sign-in, a request budget per client address instead
 * (`429 TOO_MANY_REQUESTS`), cacheable for a minute.
 */

const errors = ['TOO_MANY_REQUESTS', 'UNKNOWN_ORGANISATION', 'UNKNOWN_PRICE_ZONE', 'INVALID_DATE', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LONG', 'INVALID_TIME_ZONE', 'MISSING_EXCHANGE_RATE'] as const;
const seriesExample = {
  zone: 'SE3',
  currency: 'SEK',
  unit: 'SEK/kWh',
  timeZone: 'Europe/Stockholm',
  from: '2025-10-25T22:00:00.000Z',
  to: '2025-10-25T23:00:00.000Z',
  resolution: 'hour',
  spotPrices: [{ date: '2025-10-25T22:00:00.000Z', value: 0.412345 }],
};

export const getZoneSpotPrices = endpoint({
  method: 'GET',
  path: '/v3/data/storage/zone/{zone}/spotprices',
  operationId: 'getZoneSpotPrices',
  tag: 'spot prices',
  summary: "A zone's spot prices per quarter-hour, hour or local day",
  description: 'Per kWh excluding VAT, in `currency` (the organisation\'s when left out). Days are local (an end day is included); instants carry an offset (an end instant is excluded).',
  auth: 'none',
  params: ZoneParams,
  query: SpotPriceSeriesQuery,
  response: { data: SpotPriceSeries },
  errors,
  examples: { params: { zone: 'SE3' }, query: { resolution: 'hour', startDate: '2025-10-26', endDate: '2025-10-26', organisation: 'solvik' }, data: seriesExample },
});

export const getStoredSpotPrices = endpoint({
  method: 'GET',
  path: '/v3/data/storage/zone/{zone}',
  operationId: 'getStoredSpotPrices',
  tag: 'spot prices',
  summary: "A zone's spot prices as published (15 or 60 minutes), or at a resolution",
  auth: 'none',
  params: ZoneParams,
  query: StoredSpotPriceQuery,
  response: { data: z.union([StoredSpotPrices, SpotPriceSeries]) },
  errors,
  examples: { params: { zone: 'SE3' }, query: { from_date: '2025-10-26', to_date: '2025-10-26' } },
});

export const getSpotPriceAverage = endpoint({
  method: 'GET',
  path: '/v3/data/spotprices/delivery-area/{area}/average',
  operationId: 'getSpotPriceAverage',
  tag: 'spot prices',
  summary: 'The time-weighted mean spot price of a delivery area over a range',
  auth: 'none',
  params: AreaParams,
  query: SpotPriceAverageQuery,
  response: { data: SpotPriceAverage },
  errors,
  examples: { params: { area: 'SE3' }, query: { startDate: '2025-10-01', endDate: '2025-10-31' } },
});

export const getAreaSpotPrices = endpoint({
  method: 'GET',
  path: '/v3/data/spotprices/delivery-area/{area}',
  operationId: 'getAreaSpotPrices',
  tag: 'spot prices',
  summary: "A delivery area's spot prices in a currency between startTime and endTime",
  auth: 'none',
  params: AreaParams,
  query: AreaSpotPriceQuery,
  response: { data: SpotPriceSeries },
  errors,
  examples: { params: { area: 'SE3' }, query: { startTime: '2025-10-26T00:00:00+02:00', endTime: '2025-10-27T00:00:00+01:00', currency: 'EUR' } },
});

export const getZoneHours = endpoint({
  method: 'GET',
  path: '/v3/data/zone/{zone}/hour',
  operationId: 'getZoneHours',
  tag: 'spot prices',
  summary: 'Legacy: hourly spot prices of a zone over a range, and their mean',
  auth: 'none',
  params: ZoneParams,
  query: ZoneHourQuery,
  response: { data: ZoneSpotPrices },
  errors,
  examples: { params: { zone: 'SE3' }, query: { start_date: '2025-10-26', end_date: '2025-10-26' } },
});

export const getZoneDay = endpoint({
  method: 'GET',
  path: '/v3/data/zone/{zone}/day/{date}',
  operationId: 'getZoneDay',
  tag: 'spot prices',
  summary: "Legacy: a local day's hourly spot prices (with categories when asked) and its mean",
  auth: 'none',
  params: ZoneDayParams,
  query: ZoneDayQuery,
  response: { data: ZoneSpotPrices },
  errors: [...errors, 'INVALID_DATE_KEY'],
  examples: { params: { zone: 'SE3', date: '2025-10-26' }, query: { category: 'true' } },
});

export const getZoneMonth = endpoint({
  method: 'GET',
  path: '/v3/data/zone/{zone}/month/{month}',
  operationId: 'getZoneMonth',
  tag: 'spot prices',
  summary: "Legacy: a local month's daily mean spot prices and its mean",
  auth: 'none',
  params: ZoneMonthParams,
  query: ZoneMonthQuery,
  response: { data: ZoneSpotPrices },
  errors: [...errors, 'INVALID_DATE_KEY'],
  examples: { params: { zone: 'SE3', month: '2025-10' } },
});
