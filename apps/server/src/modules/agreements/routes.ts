import type { FastifyInstance } from 'fastify';
import { getAgreements, getInquiries, updateInquiry } from '@gridline/contracts/endpoints/agreements';
import { route } from '../../lib/route.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { AgreementsService } from './service.ts';

export function agreementRoutes(app: FastifyInstance, deps: { agreements: AgreementsService }): void {
  route(app, getAgreements, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.agreements.list(organisation, auth.userId, request.params.id);
  });

  route(app, getInquiries, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.agreements.inquiries(organisation, auth.userId, request.params.id);
  });

  route(app, updateInquiry, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.agreements.answerInquiry(organisation, auth.userId, request.params.id, request.params.inquiryId, request.body.status);
  });
}
