import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateInquiryRequest } from '@gridline/contracts/inquiries';
import { ok } from '../../lib/http.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { AgreementsService } from './service.ts';

export function agreementRoutes(app: FastifyInstance, deps: { agreements: AgreementsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ organisation: z.string(), id: z.string() });

  r.get(
    '/v4/:organisation/locations/:id/agreements',
    { schema: { tags: ['agreements'], summary: "The location's agreements, the supplier's first", params }, preHandler: app.requireUser },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.agreements.list(organisation, auth.userId, request.params.id));
    },
  );

  r.get(
    '/v4/:organisation/locations/:id/third-party-data-inquiries',
    {
      schema: {
        tags: ['agreements'],
        summary: "Third-party data inquiries about the location's services, newest first",
        description: '404 when the organisation does not offer the feature (`THIRD_PARTY_DATA_INQUIRIES`).',
        params,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.agreements.inquiries(organisation, auth.userId, request.params.id));
    },
  );

  r.put(
    '/v4/:organisation/locations/:id/third-party-data-inquiries/:inquiryId',
    {
      schema: {
        tags: ['agreements'],
        summary: 'Answer a third-party data inquiry; answers the updated list',
        description:
          'pending → accepted or rejected, accepted → rejected; rejected is final. Another move is `409 INQUIRY_TRANSITION_NOT_ALLOWED` (data: from, to, allowed); the current status again changes nothing.',
        params: params.extend({ inquiryId: z.string() }),
        body: UpdateInquiryRequest,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.agreements.answerInquiry(organisation, auth.userId, request.params.id, request.params.inquiryId, request.body.status));
    },
  );
}
