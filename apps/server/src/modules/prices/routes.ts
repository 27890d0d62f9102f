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
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { WindowLimiter } from './rate-limit.ts';
import type { PricesService } from './service.ts';

/**
 * Spot price reads (spec 001 section 7 "Spot prices" and the legacy zone reads of spec 000
 * section 7). Public market data: no sign-in, a request budget per client address instead.
 */
export function priceRoutes(app: FastifyInstance, deps: { prices: PricesService; limiter: WindowLimiter }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['spot prices'];

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const { allowed, remaining, retryAfterSeconds } = deps.limiter.take(request.ip);
    reply.header('x-ratelimit-limit', deps.limiter.limit).header('x-ratelimit-remaining', remaining);
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds);
      throw new AppError('TOO_MANY_REQUESTS', { data: { limit: deps.limiter.limit, windowSeconds: deps.limiter.windowMs / 1000 } });
    }
    // Day-ahead prices change once a day; a minute of caching spares the database.
    reply.header('cache-control', 'public, max-age=60');
  };

  r.get(
    '/v3/data/storage/zone/:zone/spotprices',
    {
      schema: { tags, summary: "A zone's spot prices per quarter-hour, hour or local day", params: ZoneParams, querystring: SpotPriceSeriesQuery },
      onRequest: limit,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.series(
          {
            zone: request.params.zone,
            start: q.startDate,
            end: q.endDate,
            fields: ['startDate', 'endDate'],
            timeZone: q.timeZone,
            currency: q.currency,
            organisation: q.organisation,
          },
          q.resolution,
        ),
      );
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
      onRequest: limit,
    },
    async (request) => {
      const q = request.query;
      const ask = {
        zone: request.params.zone,
        start: q.from_date,
        end: q.to_date,
        fields: ['from_date', 'to_date'] as const,
        timeZone: q.timezone,
        currency: q.currency,
        organisation: q.organisation,
      };
      return ok(q.resolution ? await deps.prices.series(ask, q.resolution) : await deps.prices.stored(ask));
    },
  );

  r.get(
    '/v3/data/spotprices/delivery-area/:area/average',
    {
      schema: { tags, summary: 'The time-weighted mean spot price of a delivery area over a range', params: AreaParams, querystring: SpotPriceAverageQuery },
      onRequest: limit,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.average({
          zone: request.params.area,
          start: q.startDate,
          end: q.endDate,
          fields: ['startDate', 'endDate'],
          timeZone: q.timeZone,
          currency: q.currency,
          organisation: q.organisation,
        }),
      );
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
      onRequest: limit,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.series(
          {
            zone: request.params.area,
            start: q.startTime,
            end: q.endTime,
            fields: ['startTime', 'endTime'],
            timeZone: q.timeZone,
            currency: q.currency,
            organisation: q.organisation,
          },
          q.resolution,
        ),
      );
    },
  );

  r.get(
    '/v3/data/zone/:zone/hour',
    {
      schema: { tags, summary: 'Legacy: hourly spot prices of a zone over a range, and their mean', params: ZoneParams, querystring: ZoneHourQuery },
      onRequest: limit,
    },
    async (request) => {
      const q = request.query;
      return ok(
        await deps.prices.zoneHours({
          zone: request.params.zone,
          start: q.start_date,
          end: q.end_date,
          fields: ['start_date', 'end_date'],
          timeZone: q.timezone,
          currency: q.currency,
          organisation: q.organisation,
        }),
      );
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
      onRequest: limit,
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
      onRequest: limit,
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
