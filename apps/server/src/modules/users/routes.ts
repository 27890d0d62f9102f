import type { FastifyInstance } from 'fastify';
import { deletePushToken, getAccountMe, getCurrentUser, getPushStatus, registerPushToken, requestDeletion, setActiveAccount, setLanguage, updateUser } from '@gridline/contracts/endpoints/users';
import { route } from '../../lib/route.ts';
import { tenant, tenantUser } from '../../plugins/context.ts';
import { staffAuditContext, userAuditContext } from '../audit/service.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { PushTokensService } from './push-tokens.ts';
import type { UsersService } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: { users: UsersService; accounts: AccountsService; pushTokens: PushTokensService }): void {
  route(app, getCurrentUser, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.users.get(organisation, auth.userId);
  });

  route(app, setActiveAccount, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.users.setActiveAccount(organisation, auth.userId, request.body.accountId);
  });

  route(app, setLanguage, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.users.setLanguage(organisation, auth.userId, request.body.language);
  });

  route(app, updateUser, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.users.update(organisation, auth, request.params.id, request.body);
  });

  route(app, getAccountMe, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.accounts.me(organisation.id, auth.userId, request.params.accountId);
  });

  // push tokens and the deletion request (decision 0042)
  route(app, registerPushToken, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.pushTokens.register(organisation, auth, request.params.id, request.body.token);
  });

  route(app, getPushStatus, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.pushTokens.status(organisation, auth, request.params.id);
  });

  // the customer's own token, or staff who help customers remove any user's (audited)
  route(app, deletePushToken, async (request) => {
    const { id, token } = request.params;
    if (request.staff) return deps.pushTokens.removeForStaff(staffAuditContext(request, request.staff), tenant(request), id, token);
    const { organisation, auth } = tenantUser(request);
    return deps.pushTokens.removeOwn(organisation, auth, id, token);
  });

  route(app, requestDeletion, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return deps.users.requestDeletion(organisation, auth, userAuditContext(request, auth));
  });
}
