import type { FastifyInstance } from 'fastify';
import { getCopy } from '@gridline/contracts/endpoints/copy';
import { etagMatches } from '../../lib/etag.ts';
import { route } from '../../lib/route.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import { splitCopyTypes, type CopyService } from './service.ts';

export function copyRoutes(app: FastifyInstance, deps: { copy: CopyService; organisations: OrganisationsService }): void {
  route(app, getCopy, async (request, reply) => {
    const { organisation: slug, language, version, types } = request.query;
    const organisation = await deps.organisations.getBySlug(slug);
    const answer = await deps.copy.aggregated(organisation, language, splitCopyTypes(types), version);
    reply.header('cache-control', 'public, max-age=60').header('etag', answer.etag);
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
    return answer.texts;
  });
}
