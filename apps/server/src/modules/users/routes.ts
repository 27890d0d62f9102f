import type { FastifyInstance } from 'fastify';
import { getAccountMe, getCurrentUser, setActiveAccount, setLanguage, updateUser } from '@gridline/contracts/endpoints/users';
import { route } from '../../lib/route.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { UsersService } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: { users: UsersService; accounts: AccountsService }): void {
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
}
