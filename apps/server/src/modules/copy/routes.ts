import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CopyQuery } from '@gridline/contracts/organisations';
import { ok } from '../../lib/http.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import { etagMatches } from '../../lib/etag.ts';
import { copyGroups, copyVersions, splitCopyTypes, unknownCopyGroups, type CopyService } from './service.ts';

/** The contract's query, with the versions and groups this server knows. */
const AggregatedCopyQuery = CopyQuery.extend({
  version: z.enum(copyVersions, { error: `Unknown copy version; the versions are ${copyVersions.join(', ')}` }).default(copyVersions[0]),
  types: z
    .string()
    .optional()
    .describe(`Comma-separated copy groups (${copyGroups.join(', ')}); every group when absent`)
    .superRefine((types, context) => {
      const unknown = unknownCopyGroups(splitCopyTypes(types));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `Unknown copy groups: ${unknown.join(', ')}; the groups are ${copyGroups.join(', ')}` });
      }
    }),
});

export function copyRoutes(app: FastifyInstance, deps: { copy: CopyService; organisations: OrganisationsService }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v3/copy/aggregated',
    {
      schema: {
        tags: ['copy'],
        summary: "The organisation's copy texts merged over the platform's and the bundled defaults",
        description: 'Groups in `types` (comma-separated; all when absent). Answers a weak ETag and honours If-None-Match with 304.',
        querystring: AggregatedCopyQuery,
      },
    },
    async (request, reply) => {
      const { organisation: slug, language, version, types } = request.query;
      const organisation = await deps.organisations.getBySlug(slug);
      const answer = await deps.copy.aggregated(organisation, language, splitCopyTypes(types), version);
      reply.header('cache-control', 'public, max-age=60').header('etag', answer.etag);
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      return ok(answer.texts);
    },
  );
}
