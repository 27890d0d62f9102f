import type { FastifyInstance } from 'fastify';
import { listPushTokens, accountLocations, attachSite, createAccount, createUser, deleteAccount, deleteUser, detachSite, syncAccount, updateSiteExtra, updateSiteHistory, creationLogsByRef, removeUserFromAccount, updateUserForStaff, customerOverview, getCreationLog, getProspect, prospectsByRef, searchCreationLogs, searchProspects, fetchAccount, fetchAccounts, getAccount, getUser, listAccounts, listUsers, searchAccounts, searchAccountsByQuery, searchUsers, searchUsersByQuery } from '@gridline/contracts/endpoints/customers';
import { addInspector, inspectorsOfAccount, inspectorsOfAdmin, removeInspector, removeInspectors, startSupportSession } from '@gridline/contracts/endpoints/inspectors';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { InspectorsService } from './inspectors.ts';
import { toCreationLog, toProspect, type CustomersService } from './service.ts';

/** Customers and inspectors for staff (decision 0038): the organisation is the path's, already checked by `requireScope`. */
export function customerRoutes(app: FastifyInstance, deps: { customers: CustomersService; inspectors: InspectorsService }): void {
  const audit = (request: Parameters<typeof staffOf>[0]) => staffAuditContext(request, staffOf(request));

  route(app, searchAccounts, async (request) => deps.customers.searchAccounts(audit(request), tenant(request), request.body));
  route(app, fetchAccount, async (request) => deps.customers.fetchAccount(audit(request), tenant(request), request.params.id));
  route(app, fetchAccounts, async (request) => deps.customers.fetchAccounts(audit(request), tenant(request), request.query.ids));
  route(app, searchUsers, async (request) => deps.customers.searchUsers(audit(request), tenant(request), request.body));
  route(app, listUsers, async (request) => deps.customers.listUsers(audit(request), tenant(request), request.query));
  route(app, searchUsersByQuery, async (request) => deps.customers.searchUsers(audit(request), tenant(request), request.query));
  route(app, getUser, async (request) => deps.customers.getUser(audit(request), tenant(request), request.params.id));
  route(app, listAccounts, async (request) => deps.customers.listAccounts(audit(request), tenant(request), request.query));
  route(app, searchAccountsByQuery, async (request) => deps.customers.searchAccounts(audit(request), tenant(request), request.query));
  route(app, getAccount, async (request) => deps.customers.getAccount(audit(request), tenant(request), request.params.accountId));
  route(app, accountLocations, async (request) => deps.customers.accountLocations(audit(request), tenant(request), request.params.accountId, request.query));
  route(app, customerOverview, async (request) => deps.customers.overview(audit(request), tenant(request), request.params.id));
  route(app, listPushTokens, async (request) => deps.customers.listPushTokens(audit(request), tenant(request), request.query));

  route(app, createUser, async (request) => deps.customers.createUser(audit(request), tenant(request), request.body));
  route(app, updateUserForStaff, async (request) => deps.customers.updateUser(audit(request), tenant(request), request.params.id, request.body));
  route(app, removeUserFromAccount, async (request) => deps.customers.removeFromAccount(audit(request), tenant(request), request.params.id, request.query.accountId));
  route(app, deleteUser, async (request) => deps.customers.deleteUser(audit(request), tenant(request), request.params.id));
  route(app, createAccount, async (request) => deps.customers.createAccount(audit(request), tenant(request), request.body));
  route(app, deleteAccount, async (request) => deps.customers.deleteAccount(audit(request), tenant(request), request.params.accountId));
  route(app, attachSite, async (request) => deps.customers.attachSite(audit(request), tenant(request), request.params.accountId, request.body.siteId));
  route(app, detachSite, async (request) => deps.customers.detachSite(audit(request), tenant(request), request.params.accountId, request.params.siteId));
  route(app, updateSiteExtra, async (request) => deps.customers.updateSiteExtra(audit(request), tenant(request), request.params.accountId, request.params.siteId, request.body));
  route(app, syncAccount, async (request) => deps.customers.requestSync(audit(request), tenant(request), request.params.accountId));
  route(app, updateSiteHistory, async (request) => deps.customers.requestSiteHistory(audit(request), tenant(request), request.params.accountId, request.params.siteId));
  route(app, prospectsByRef, async (request) => deps.customers.prospectsByRef(tenant(request), toProspect, request.query.ref));
  route(app, searchProspects, async (request) => deps.customers.searchProspects(tenant(request), toProspect, request.query));
  route(app, getProspect, async (request) => deps.customers.prospect(tenant(request), toProspect, request.params.id));
  route(app, creationLogsByRef, async (request) => deps.customers.prospectsByRef(tenant(request), toCreationLog, request.query.ref));
  route(app, searchCreationLogs, async (request) => deps.customers.searchProspects(tenant(request), toCreationLog, request.query));
  route(app, getCreationLog, async (request) => deps.customers.prospect(tenant(request), toCreationLog, request.params.id));

  route(app, inspectorsOfAdmin, async (request) => deps.inspectors.ofAdmin(staffOf(request), tenant(request), request.body.email));
  route(app, inspectorsOfAccount, async (request) => deps.inspectors.ofAccount(tenant(request), request.params.id));
  route(app, addInspector, async (request) => deps.inspectors.add(staffOf(request), audit(request), tenant(request), request.body));
  route(app, removeInspector, async (request) => deps.inspectors.remove(staffOf(request), audit(request), tenant(request), request.query.adminId, [request.params.id], { oneAccount: true }));
  route(app, removeInspectors, async (request) => deps.inspectors.remove(staffOf(request), audit(request), tenant(request), request.query.adminId, request.query.accountIds, { oneAccount: false }));
  route(app, startSupportSession, async (request) => deps.inspectors.startSession(staffOf(request), audit(request), tenant(request), request.body));
}
