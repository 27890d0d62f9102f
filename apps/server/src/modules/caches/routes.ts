import type { FastifyInstance } from 'fastify';
import { clearCache } from '@gridline/contracts/endpoints/bridge';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { CachesService } from './service.ts';

export function cacheRoutes(app: FastifyInstance, deps: { caches: CachesService }): void {
  route(app, clearCache, async (request) => deps.caches.clear(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.key, request.query.organisation), {
    config: { issueKeys: clearCache.errors },
  });
}
