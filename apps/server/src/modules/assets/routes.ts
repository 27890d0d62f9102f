import type { FastifyInstance } from 'fastify';
import { ASSET_BODY_LIMIT } from '@gridline/contracts/assets';
import { deleteAsset, getAsset, listAssets, putAsset } from '@gridline/contracts/endpoints/assets';
import { etagMatches } from '../../lib/etag.ts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { AssetsService } from './service.ts';

/** An SVG served on its own may draw, never run or load anything (its scripts are gone already; this is the second lock). */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/** The id stays when an asset is replaced: a kept copy is checked on every use (a 304 of a few bytes). */
export const ASSET_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Assets (decision 0048): routes are thin, the rules are the service's. */
export function assetRoutes(app: FastifyInstance, deps: { assets: AssetsService }): void {
  const { assets } = deps;
  route(app, listAssets, async (request) => assets.list(staffOf(request), request.query));
  route(
    app,
    putAsset,
    async (request) => assets.put(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.body),
    { config: { issueKeys: putAsset.errors }, bodyLimit: ASSET_BODY_LIMIT },
  );
  route(app, deleteAsset, async (request) => {
    await assets.delete(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.query.id);
    return { success: true as const };
  });

  // Public: the portal's sign-in page and e-mails load the logo without a token.
  route(app, getAsset, async (request, reply) => {
    const row = await assets.content(request.params.id, request.query.type);
    if (!row) throw new AppError('NOT_FOUND');
    const bypass = request.query.bypassCache === 'true';
    const etag = `"${row.sha256}"`;
    reply.header('etag', etag);
    reply.header('cache-control', bypass ? 'no-store' : ASSET_CACHE_CONTROL);
    reply.header('x-content-type-options', 'nosniff');
    // Public files: an e-mail read in a web mail client on another site loads them too.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (row.content_type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
    if (!bypass && etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(row.content_type).send(row.content);
  });
}
