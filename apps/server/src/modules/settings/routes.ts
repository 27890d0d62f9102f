import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReleaseQuery } from '@gridline/contracts/settings';
import { etagMatches } from '../../lib/etag.ts';
import { ok } from '../../lib/http.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { SettingsService } from './service.ts';

/**
 * The release service of spec 002 section 7. The public release is what the portal loads before
 * its first paint: cacheable for a minute, with an ETag of the release id for cheap revalidation.
 */
export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService; organisations: OrganisationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const params = z.object({ organisation: z.string() });

  const load = async (request: FastifyRequest<{ Params: { organisation: string }; Querystring: { bypassCache?: 'true' | 'false' } }>, reply: FastifyReply) => {
    const fresh = request.query.bypassCache === 'true';
    const organisation = await deps.organisations.getBySlug(request.params.organisation, { fresh });
    const etag = `W/"${organisation.release.id}-${organisation.release.version}"`;
    reply.header('etag', etag).header('cache-control', fresh ? 'no-cache' : 'public, max-age=60');
    return { organisation, notModified: etagMatches(request.headers['if-none-match'], etag) };
  };

  r.get('/v3/settings/releases/:organisation', { schema: { tags, summary: "The organisation's latest public release", params, querystring: ReleaseQuery } }, async (request, reply) => {
    const { organisation, notModified } = await load(request, reply);
    if (notModified) return reply.status(304).send();
    return ok(deps.settings.toPublic(deps.organisations.identity(organisation), organisation.release));
  });

  r.get('/v3/settings/releases/flags/:organisation', { schema: { tags, summary: "The organisation's feature flags", params, querystring: ReleaseQuery } }, async (request, reply) => {
    const { organisation, notModified } = await load(request, reply);
    if (notModified) return reply.status(304).send();
    return ok(organisation.flags);
  });

  r.get(
    '/v3/settings/releases/full/:organisation',
    {
      schema: { tags, summary: 'The latest full release, protected configuration included (admin scopes)', params, querystring: ReleaseQuery },
      // The protected configuration is for the provider's staff, never for customer tokens.
      preHandler: app.requireScope(['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_DEVELOPER']),
    },
    async (request, reply) => {
      const { organisation } = await load(request, reply);
      return ok(deps.settings.toFull(deps.organisations.identity(organisation), organisation.release));
    },
  );
}
