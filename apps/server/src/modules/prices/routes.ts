import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  getAreaSpotPrices,
  getSpotPriceAverage,
  getStoredSpotPrices,
  getZoneDay,
  getZoneHours,
  getZoneMonth,
  getZoneSpotPrices,
} from '@gridline/contracts/endpoints/prices';
import type { Currency } from '@gridline/contracts/enums';
import { route } from '../../lib/route.ts';
import { PUBLIC_PRICES_LIMIT } from '../../plugins/rate-limit.ts';
import type { PriceAsk, PricesService } from './service.ts';

/** The query fields every price read takes besides its range. */
interface PriceQuery {
  currency?: Currency | undefined;
  organisation?: string | undefined;
  timeZone?: string | undefined;
  timezone?: string | undefined;
}

/**
 * A read's `PriceAsk` from its query, under the names this route gives its range's bounds (the
 * legacy routes say startDate, from_date, startTime or start_date) and its time zone.
 */
function askOf<S extends string, E extends string>(zone: string, q: PriceQuery & Partial<Record<S | E, string>>, start: S, end: E): PriceAsk {
  return { zone, start: q[start], end: q[end], fields: [start, end], timeZone: q.timeZone ?? q.timezone, currency: q.currency, organisation: q.organisation };
}

/**
 * Spot price reads (spec 001 section 7 "Spot prices" and the legacy zone reads of spec 000
 * section 7). Public market data: no sign-in, a request budget per client address instead.
 */
export function priceRoutes(app: FastifyInstance, deps: { prices: PricesService }): void {
  // Day-ahead prices change once a day; a minute of caching spares the database.
  const cacheable = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'public, max-age=60');
  };
  const config = { rateLimit: PUBLIC_PRICES_LIMIT };

  // The budget per address is @fastify/rate-limit's (plugins/rate-limit.ts), switched on per route.
  const options = { onRequest: cacheable, config };

  route(app, getZoneSpotPrices, async (request) => {
    const q = request.query;
    return deps.prices.series(askOf(request.params.zone, q, 'startDate', 'endDate'), q.resolution);
  }, options);

  route(app, getStoredSpotPrices, async (request) => {
    const q = request.query;
    const ask = askOf(request.params.zone, q, 'from_date', 'to_date');
    return q.resolution ? deps.prices.series(ask, q.resolution) : deps.prices.stored(ask);
  }, options);

  route(app, getSpotPriceAverage, async (request) => deps.prices.average(askOf(request.params.area, request.query, 'startDate', 'endDate')), options);

  route(app, getAreaSpotPrices, async (request) => {
    const q = request.query;
    return deps.prices.series(askOf(request.params.area, q, 'startTime', 'endTime'), q.resolution);
  }, options);

  route(app, getZoneHours, async (request) => deps.prices.zoneHours(askOf(request.params.zone, request.query, 'start_date', 'end_date')), options);

  route(app, getZoneDay, async (request) => {
    const q = request.query;
    return deps.prices.zoneDay(
      { zone: request.params.zone, fields: ['date', 'date'], timeZone: q.timezone, currency: q.currency, organisation: q.organisation },
      request.params.date,
      q.category,
    );
  }, options);

  route(app, getZoneMonth, async (request) => {
    const q = request.query;
    return deps.prices.zoneMonth(
      { zone: request.params.zone, fields: ['month', 'month'], timeZone: q.timezone, currency: q.currency, organisation: q.organisation },
      request.params.month,
    );
  }, options);
}
