import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getFullRelease, getRelease, getReleaseFlags } from '@gridline/contracts/endpoints/settings';
import { etagMatches } from '../../lib/etag.ts';
import { route } from '../../lib/route.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { SettingsService } from './service.ts';

/**
 * The release service of spec 002 section 7. The public release is what the portal loads before
 * its first paint: cacheable for a minute, with an ETag of the release id for cheap revalidation.
 */
export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService; organisations: OrganisationsService }): void {
  const load = async (request: FastifyRequest<{ Params: { organisation: string }; Querystring: { bypassCache?: 'true' | 'false' | undefined } }>, reply: FastifyReply) => {
    const fresh = request.query.bypassCache === 'true';
    const organisation = await deps.organisations.getBySlug(request.params.organisation, { fresh });
    const etag = `W/"${organisation.release.id}-${organisation.release.version}"`;
    reply.header('etag', etag).header('cache-control', fresh ? 'no-cache' : 'public, max-age=60');
    return { organisation, notModified: etagMatches(request.headers['if-none-match'], etag) };
  };

  route(app, getRelease, async (request, reply) => {
    const { organisation, notModified } = await load(request, reply);
    if (notModified) return reply.status(304).send();
    return deps.settings.toPublic(deps.organisations.identity(organisation), organisation.release);
  });

  route(app, getReleaseFlags, async (request, reply) => {
    const { organisation, notModified } = await load(request, reply);
    if (notModified) return reply.status(304).send();
    return organisation.flags;
  });

  route(app, getFullRelease, async (request, reply) => {
    const { organisation } = await load(request, reply);
    return deps.settings.toFull(deps.organisations.identity(organisation), organisation.release);
  });
}
