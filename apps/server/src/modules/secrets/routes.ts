import type { FastifyInstance } from 'fastify';
import { createSecret, deleteSecret, getSecret, getSecretMeta, listSecretsMeta, replaceSecret } from '@gridline/contracts/endpoints/secrets';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { SecretsService } from './service.ts';

/**
 * Secrets (spec 002 §7). The path's organisation is resolved by the context plugin and
 * `requireScope` has kept organisation staff to their own; the service decides the key.
 */
export function secretRoutes(app: FastifyInstance, deps: { secrets: SecretsService }): void {
  const done = { success: true as const };
  route(app, listSecretsMeta, async (request) => deps.secrets.listMeta(staffOf(request), request.query.organisation));
  route(app, getSecretMeta, async (request) => deps.secrets.meta(staffOf(request), tenant(request), request.params.key));
  route(app, getSecret, async (request) => deps.secrets.get(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.params.key));
  route(app, createSecret, async (request) => {
    await deps.secrets.create(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.params.key, request.body.value);
    return done;
  });
  route(app, replaceSecret, async (request) => {
    await deps.secrets.replace(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.params.key, request.body.value);
    return done;
  });
  route(app, deleteSecret, async (request) => {
    await deps.secrets.delete(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.params.key);
    return done;
  });
}
