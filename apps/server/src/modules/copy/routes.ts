import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bulkUpdateCopyTexts,
  createCopyText,
  deleteCopyText,
  exportCopyTexts,
  getCopy,
  getCopyText,
  importCopyTexts,
  listCopyTexts,
  updateCopyText,
} from '@gridline/contracts/endpoints/copy';
import { etagMatches } from '../../lib/etag.ts';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import { splitCopyTypes, type CopyService } from './service.ts';
import type { CopyTextsService } from './texts-service.ts';
import { sendDownload } from '../../lib/download.ts';

/** The `If-Match` of a write, when it carries one (bounded: a version is 16 characters). */
const ifMatch = (request: FastifyRequest): string | undefined => {
  const header = request.headers['if-match'];
  return typeof header === 'string' && header.trim() !== '' ? header.slice(0, 200) : undefined;
};

export function copyRoutes(app: FastifyInstance, deps: { copy: CopyService; texts: CopyTextsService; organisations: OrganisationsService }): void {
  route(app, getCopy, async (request, reply) => {
    const { organisation: slug, language, version, types } = request.query;
    const organisation = await deps.organisations.getBySlug(slug);
    const answer = await deps.copy.aggregated(organisation, language, splitCopyTypes(types), version);
    // Revalidated on every use (decision 0046): a text staff change shows at once, and an unchanged set costs a 304.
    reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
    return answer.texts;
  });

  // Staff (spec 002 §7, decision 0046): the rules, the layer, the audit and the notice to every process are the service's.
  const { texts } = deps;
  const issues = (keys: readonly string[]) => ({ config: { issueKeys: keys as never } });
  route(app, listCopyTexts, async (request) => texts.list(staffOf(request), request.params.type, request.query), issues(listCopyTexts.errors));
  route(
    app,
    exportCopyTexts,
    async (request, reply) => {
      const file = await texts.exportCsv(staffOf(request), staffAuditContext(request, staffOf(request)), request.query);
      return sendDownload(reply, file);
    },
    { config: { issueKeys: exportCopyTexts.errors } },
  );
  route(
    app,
    getCopyText,
    async (request) => texts.get(staffOf(request), request.params.type, request.query.organisation, request.params.key),
    issues(getCopyText.errors),
  );
  route(
    app,
    createCopyText,
    async (request) =>
      texts.create(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.type, request.query.organisation, request.body),
    issues(createCopyText.errors),
  );
  route(
    app,
    updateCopyText,
    async (request) =>
      texts.update(
        staffOf(request),
        staffAuditContext(request, staffOf(request)),
        request.params.type,
        request.query.organisation,
        request.params.key,
        request.body.texts,
        ifMatch(request),
      ),
    issues(updateCopyText.errors),
  );
  route(
    app,
    bulkUpdateCopyTexts,
    async (request) =>
      texts.bulkUpdate(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.type, request.query.organisation, request.body.items),
    issues(bulkUpdateCopyTexts.errors),
  );
  route(
    app,
    importCopyTexts,
    async (request) =>
      texts.import(
        staffOf(request),
        staffAuditContext(request, staffOf(request)),
        request.params.type,
        request.query.organisation,
        request.body,
        request.query.dryRun === 'true',
      ),
    issues(importCopyTexts.errors),
  );
  route(
    app,
    deleteCopyText,
    async (request) =>
      texts.delete(
        staffOf(request),
        staffAuditContext(request, staffOf(request)),
        request.params.type,
        request.query.organisation,
        request.params.key,
        ifMatch(request),
      ),
    issues(deleteCopyText.errors),
  );
}
