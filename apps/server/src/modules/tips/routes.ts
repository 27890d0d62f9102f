import type { FastifyInstance } from 'fastify';
import { createTip, deleteTip, listLocationTips, listTips, setTipCompleted, updateTip } from '@gridline/contracts/endpoints/tips';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { TipsService } from './service.ts';

/** Tips (decision 0053): routes are thin, the rules are the service's. */
export function tipRoutes(app: FastifyInstance, deps: { tips: TipsService }): void {
  const { tips } = deps;
  const claims = (auth: TokenClaims | null): TokenClaims => {
    if (!auth) throw new AppError('UNAUTHORIZED');
    return auth;
  };

  // Customers: the organisation is the token's; the location must be one of theirs.
  route(app, listLocationTips, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return tips.forLocation(claims(request.auth), request.params.locationId, request.query.language);
  });
  route(app, setTipCompleted, async (request) =>
    tips.setCompleted(claims(request.auth), request.params.locationId, request.params.tipId, request.body.completed, request.query.language),
  );

  // Staff.
  route(app, listTips, async (request) => tips.list(staffOf(request), request.query));
  route(app, createTip, async (request) => tips.create(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.body), {
    config: { issueKeys: createTip.errors },
  });
  route(app, updateTip, async (request) => tips.update(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.params.id, request.body), {
    config: { issueKeys: updateTip.errors },
  });
  route(app, deleteTip, async (request) => {
    await tips.delete(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.params.id);
    return { success: true as const };
  });
}
