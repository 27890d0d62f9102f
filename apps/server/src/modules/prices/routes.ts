import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AreaParams,
  AreaSpotPriceQuery,
  SpotPriceAverageQuery,
  SpotPriceSeriesQuery,
  StoredSpotPriceQuery,
  ZoneDayParams,
  ZoneDayQuery,
  ZoneHourQuery,
  ZoneMonthParams,
  ZoneMonthQuery,
  ZoneParams,
} from '@gridline/contracts/prices';
import type { Currency } from '@gridline/contracts/enums';
import { ok } from '../../lib/http.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['spot prices'];

  // Day-ahead prices change once a day; a minute of caching spares the database.
  const cacheable = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'public, max-age=60');
  };
  const config = { rateLimit: PUBLIC_PRICES_LIMIT };

  r.get(
    '/v3/data/storage/zone/:zone/spotprices',
    {
      schema: { tags, summary: "A zone's spot prices per quarter-hour, hour or local day", params: ZoneParams, querystring: SpotPriceSeriesQuery },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      const q = request.query;
      return ok(await deps.prices.series(askOf(request.params.zone, q, 'startDate', 'endDate'), q.resolution));
    },
  );

  r.get(
    '/v3/data/storage/zone/:zone',
    {
      schema: {
        tags,
        summary: "A zone's spot prices as published (15 or 60 minutes), or at a resolution",
        params: ZoneParams,
        querystring: StoredSpotPriceQuery,
      },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      const q = request.query;
      const ask = askOf(request.params.zone, q, 'from_date', 'to_date');
      return ok(q.resolution ? await deps.prices.series(ask, q.resolution) : await deps.prices.stored(ask));
    },
  );

  r.get(
    '/v3/data/spotprices/delivery-area/:area/average',
    {
      schema: { tags, summary: 'The time-weighted mean spot price of a delivery area over a range', params: AreaParams, querystring: SpotPriceAverageQuery },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      return ok(await deps.prices.average(askOf(request.params.area, request.query, 'startDate', 'endDate')));
    },
  );

  r.get(
    '/v3/data/spotprices/delivery-area/:area',
    {
      schema: {
        tags,
        summary: "A delivery area's spot prices in a currency between startTime and endTime",
        params: AreaParams,
        querystring: AreaSpotPriceQuery,
      },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      const q = request.query;
      return ok(await deps.prices.series(askOf(request.params.area, q, 'startTime', 'endTime'), q.resolution));
    },
  );

  r.get(
    '/v3/data/zone/:zone/hour',
    {
      schema: { tags, summary: 'Legacy: hourly spot prices of a zone over a range, and their mean', params: ZoneParams, querystring: ZoneHourQuery },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      return ok(await deps.prices.zoneHours(askOf(request.params.zone, request.query, 'start_date', 'end_date')));
    },
  );

  r.get(
    '/v3/data/zone/:zone/day/:date',
    {
      schema: {
        tags,
        summary: "Legacy: a local day's hourly spot prices (with categories when asked) and its mean",
        params: ZoneDayParams,
        querystring: ZoneDayQuery,
      },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.zoneDay(
          { zone: request.params.zone, fields: ['date', 'date'], timeZone: q.timezone, currency: q.currency, organisation: q.organisation },
          request.params.date,
          q.category,
        ),
      );
    },
  );

  r.get(
    '/v3/data/zone/:zone/month/:month',
    {
      schema: { tags, summary: "Legacy: a local month's daily mean spot prices and its mean", params: ZoneMonthParams, querystring: ZoneMonthQuery },
      config,
      onRequest: cacheable,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.zoneMonth(
          { zone: request.params.zone, fields: ['month', 'month'], timeZone: q.timezone, currency: q.currency, organisation: q.organisation },
          request.params.month,
        ),
      );
    },
  );
}
