import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LegacyDataParams, LegacyDataQuery, LegacyHourQuery } from '@gridline/contracts/legacy-data';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { LegacyDataService } from './service.ts';

/**
 * The legacy site data reads of spec 000 and 001 section 7 (`/v3/data/{hour|day|month|year}`
 * with `siteId`), served as written: the organisation is the token's. The zone forms are in
 * `prices/routes.ts`.
 */
export function legacyDataRoutes(app: FastifyInstance, deps: { legacyData: LegacyDataService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['location data'];
  const claims = (auth: TokenClaims | null): TokenClaims => {
    if (!auth) throw new AppError('UNAUTHORIZED');
    return auth;
  };

  r.get(
    '/v3/data/hour',
    {
      schema: { tags, summary: "Legacy: a site's hours between start_date and end_date (at most 31 days), as data items", querystring: LegacyHourQuery },
      preHandler: app.requireUser,
    },
    async (request) => ok(await deps.legacyData.hours(claims(request.auth), request.query)),
  );

  for (const unit of ['day', 'month', 'year'] as const) {
    r.get(
      `/v3/data/${unit}/:key`,
      {
        schema: {
          tags,
          summary: `Legacy: a ${unit} of a site's readings with its children, as a data item`,
          params: LegacyDataParams,
          querystring: LegacyDataQuery,
        },
        preHandler: app.requireUser,
      },
      async (request) => ok(await deps.legacyData.period(claims(request.auth), unit, request.params.key, request.query)),
    );
  }
}
