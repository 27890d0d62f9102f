import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activatePremiumFeature, deactivatePremiumFeature, listPremiumFeatures } from '@gridline/contracts/endpoints/bridge';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { PremiumFeaturesService } from './service.ts';

/** The organisation is the path's, already checked by `requireScope` (decision 0035). */
export function premiumFeatureRoutes(app: FastifyInstance, deps: { premiumFeatures: PremiumFeaturesService }): void {
  const audit = (request: FastifyRequest) => staffAuditContext(request, staffOf(request));
  route(app, listPremiumFeatures, async (request) => deps.premiumFeatures.list(tenant(request), request.query), { config: { issueKeys: listPremiumFeatures.errors } });
  route(app, activatePremiumFeature, async (request) => deps.premiumFeatures.activate(audit(request), tenant(request), request.body.accountId, request.body.featureName), {
    config: { issueKeys: activatePremiumFeature.errors },
  });
  route(
    app,
    deactivatePremiumFeature,
    async (request) => {
      await deps.premiumFeatures.deactivate(audit(request), tenant(request), request.query.accountId, request.query.featureName);
      return { success: true as const };
    },
    { config: { issueKeys: deactivatePremiumFeature.errors } },
  );
}
