import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getFullRelease, getRelease, getReleaseFlags } from '@gridline/contracts/endpoints/settings';
import {
  approveChangeRequest,
  cancelChangeRequest,
  commentChangeRequest,
  createChangeRequest,
  diffSettings,
  draftEndpointsByPart,
  getChangeRequest,
  getPublishingPolicy,
  getReleaseStatus,
  listChangeRequests,
  listSettingsReleases,
  partReleaseEndpointsByPart,
  publishChangeRequest,
  rollbackSettings,
  scheduleChangeRequest,
  setPublishingPolicy,
} from '@gridline/contracts/endpoints/settings-drafts';
import { settingsParts, type SettingsPart } from '@gridline/contracts/settings-parts';
import { etagMatches } from '../../lib/etag.ts';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { SettingsPublishing } from './publishing.ts';
import type { SettingsService } from './service.ts';

/**
 * The release service of spec 002 section 7. The public release is what the portal loads before
 * its first paint: cacheable for a minute, with an ETag of the release id for cheap revalidation.
 * The drafts, the parts' releases and the change requests are the staff's (decision 0054).
 */
export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService; organisations: OrganisationsService; publishing: SettingsPublishing }): void {
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

  const { publishing } = deps;
  const ifMatch = (request: FastifyRequest) => {
    const value = request.headers['if-match'];
    return typeof value === 'string' ? value : undefined;
  };

  for (const part of settingsParts) registerPart(app, publishing, part, ifMatch);

  route(app, getReleaseStatus, async (request) => publishing.status(staffOf(request), request.query.organisation));
  route(app, listSettingsReleases, async (request) => publishing.listReleases(staffOf(request), request.params.organisation, request.query));
  route(app, diffSettings, async (request) => publishing.diff(staffOf(request), request.params.organisation, request.query.from, request.query.to));
  route(app, rollbackSettings, async (request) =>
    publishing.rollback(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.version, request.body.comment),
  );
  route(app, getPublishingPolicy, async (request) => publishing.policy(staffOf(request), request.params.organisation));
  route(app, setPublishingPolicy, async (request) => publishing.setPolicy(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.body.approvalRequired));
  route(app, listChangeRequests, async (request) => publishing.listChangeRequests(staffOf(request), request.params.organisation, request.query));
  route(app, createChangeRequest, async (request) => publishing.createChangeRequest(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.body), {
    config: { issueKeys: createChangeRequest.errors },
  });
  route(app, getChangeRequest, async (request) => publishing.getChangeRequest(staffOf(request), request.params.organisation, request.params.id));
  route(app, approveChangeRequest, async (request) => publishing.approve(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.id, request.body.text));
  route(app, publishChangeRequest, async (request) => publishing.publish(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.id));
  route(app, scheduleChangeRequest, async (request) =>
    publishing.schedule(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.id, request.body.scheduledAt),
  );
  route(app, cancelChangeRequest, async (request) => publishing.cancel(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.id));
  route(app, commentChangeRequest, async (request) => publishing.comment(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, request.params.id, request.body.text), {
    config: { issueKeys: commentChangeRequest.errors },
  });
}

/** One part's draft and release operations (the same rules for every part). */
function registerPart(app: FastifyInstance, publishing: SettingsPublishing, part: SettingsPart, ifMatch: (request: FastifyRequest) => string | undefined): void {
  const drafts = draftEndpointsByPart[part];
  const slugOf = (request: FastifyRequest) => (request.params as { organisation: string }).organisation;
  const write = (mode: 'create' | 'replace' | 'patch' | 'discard') => async (request: FastifyRequest) =>
    publishing.writeDraft(staffOf(request), staffAuditContext(request, staffOf(request)), slugOf(request), part, mode, request.body, ifMatch(request));
  route(app, drafts.get, async (request) => publishing.getDraft(staffOf(request), request.params.organisation, part));
  route(app, drafts.create, write('create'));
  route(app, drafts.replace, write('replace'));
  route(app, drafts.patch, write('patch'));
  route(app, drafts.discard, write('discard'));

  const releases = partReleaseEndpointsByPart[part];
  route(app, releases.list, async (request) => publishing.listPartReleases(staffOf(request), request.params.organisation, part, request.query));
  if (releases.latest) route(app, releases.latest, async (request) => publishing.latestPartRelease(staffOf(request), request.params.organisation, part));
  route(app, releases.publish, async (request) => publishing.publishPart(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, part, request.body));
  route(app, releases.remove, async (request) => {
    await publishing.deletePartRelease(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.organisation, part, request.params.id);
    return { success: true as const };
  });
}
