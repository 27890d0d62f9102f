import type { FastifyInstance } from 'fastify';
import { createApiToken, deleteApiToken, listApiTokens, updateApiToken } from '@gridline/contracts/endpoints/api-tokens';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { ApiTokensService } from './service.ts';

/** API tokens for staff (spec 002 §7): the rules and the audit entries are the service's. */
export function apiTokenRoutes(app: FastifyInstance, deps: { apiTokens: ApiTokensService }): void {
  route(app, listApiTokens, async (request) => deps.apiTokens.list(staffOf(request), request.query));
  route(app, createApiToken, async (request) => deps.apiTokens.createFor(staffOf(request), staffAuditContext(request, staffOf(request)), request.body));
  route(app, updateApiToken, async (request) => deps.apiTokens.update(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.id, request.body));
  route(app, deleteApiToken, async (request) => {
    await deps.apiTokens.delete(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.id);
    return { success: true as const };
  });
}
