import type { FastifyInstance } from 'fastify';
import { getLegacyDay, getLegacyHours, getLegacyMonth, getLegacyYear } from '@gridline/contracts/endpoints/legacy-data';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { LegacyDataService } from './service.ts';

/**
 * The legacy site data reads of spec 000 and 001 section 7 (`/v3/data/{hour|day|month|year}`
 * with `siteId`), served as written: the organisation is the token's. The zone forms are in
 * `prices/routes.ts`.
 */
export function legacyDataRoutes(app: FastifyInstance, deps: { legacyData: LegacyDataService }): void {
  const claims = (auth: TokenClaims | null): TokenClaims => {
    if (!auth) throw new AppError('UNAUTHORIZED');
    return auth;
  };

  route(app, getLegacyHours, async (request) => deps.legacyData.hours(claims(request.auth), request.query));

  for (const [unit, contract] of [['day', getLegacyDay], ['month', getLegacyMonth], ['year', getLegacyYear]] as const) {
    route(app, contract, async (request) => deps.legacyData.period(claims(request.auth), unit, request.params.key, request.query));
  }
}
