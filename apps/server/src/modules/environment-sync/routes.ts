import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYNC_ASSETS_MAX } from '@gridline/contracts/environment-sync';
import { ASSET_BODY_LIMIT } from '@gridline/contracts/assets';
import { getSyncTargets, importSecrets, importSettings, issueSyncToken, syncSecrets, syncSettings } from '@gridline/contracts/endpoints/environment-sync';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { requestAuditContext, staffAuditContext } from '../audit/service.ts';
import type { SyncKind } from './repository.ts';
import type { EnvironmentSyncService } from './service.ts';

/** Environment sync (decision 0060): routes are thin, the rules are the service's. */
export function environmentSyncRoutes(app: FastifyInstance, deps: { sync: EnvironmentSyncService }): void {
  const { sync } = deps;
  route(app, getSyncTargets, async () => sync.targets());
  route(app, issueSyncToken, async (request) => sync.issueToken(staffOf(request), staffAuditContext(request, staffOf(request)), request.body.organisation));
  const sender = { config: { issueKeys: syncSettings.errors } };
  route(app, syncSettings, async (request) => sync.sendSettings(staffOf(request), staffAuditContext(request, staffOf(request)), request.body), sender);
  route(app, syncSecrets, async (request) => sync.sendSecrets(staffOf(request), staffAuditContext(request, staffOf(request)), request.body), sender);

  // The imports: the sync token is checked before the body is read (a caller without one hears
  // 401, never what its bundle would break), and taken when the import runs.
  const checkToken = (kind: SyncKind) => async (request: FastifyRequest) => {
    await sync.token(request.headers.authorization, kind, { peek: true });
  };
  route(
    app,
    importSettings,
    async (request) => sync.withToken(request.headers.authorization, 'settings', (token) => sync.importSettings(token, requestAuditContext(request), request.body)),
    {
      onRequest: checkToken('settings'),
      // A release and the assets it shows (each at most an asset's upload).
      bodyLimit: ASSET_BODY_LIMIT * SYNC_ASSETS_MAX + 4 * 1024 * 1024,
    },
  );
  route(
    app,
    importSecrets,
    async (request) => sync.withToken(request.headers.authorization, 'secrets', (token) => sync.importSecrets(token, requestAuditContext(request), request.body)),
    { onRequest: checkToken('secrets') },
  );
}
