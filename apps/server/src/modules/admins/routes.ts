import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAdmin, deleteAdmin, getAdmin, getAdminByEmail, getStaffPolicy, listAdmins, sendAdminCreatedEmail, updateAdmin, updateStaffPolicy } from '@gridline/contracts/endpoints/admins';
import { getAdminInfo, resetAdminPassword, setAdminPassword, staffBankIdStart, staffBankIdStatus, staffRefresh, staffSecondFactor, staffSignIn, staffSignOut } from '@gridline/contracts/endpoints/staff';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import { requestAuditContext, staffAuditContext } from '../audit/service.ts';
import type { AdminsService } from './service.ts';
import type { ClientContext, StaffSignInService } from './sign-in.ts';

const client = (request: FastifyRequest): ClientContext => requestAuditContext(request);

/** Limits of the calls that anyone may make (per client address, decision 0020). */
const publicLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

export function adminRoutes(app: FastifyInstance, deps: { admins: AdminsService; signIn: StaffSignInService }): void {
  route(app, staffSignIn, async (request) => deps.signIn.signIn(request.body, client(request)));
  route(app, staffBankIdStart, async (request) => deps.signIn.startBankId(request.body.organisation, client(request)), { config: publicLimit });
  route(app, staffBankIdStatus, async (request) => deps.signIn.bankIdStatus(request.body, client(request)));
  route(app, staffSecondFactor, async (request) => deps.signIn.secondFactor(request.body, client(request)), { config: publicLimit });
  route(app, staffRefresh, async (request) => deps.signIn.refresh(request.body.refreshToken), { config: publicLimit });
  route(app, staffSignOut, async (request) => {
    await deps.signIn.signOut(staffOf(request), client(request));
    return { success: true as const };
  });
  route(app, getAdminInfo, async (request) => deps.signIn.info(staffOf(request)));
  route(app, setAdminPassword, async (request) => {
    await deps.admins.setPassword(request.body, client(request));
    return { success: true as const };
  }, { config: publicLimit });
  route(app, resetAdminPassword, async (request) => {
    await deps.admins.requestReset(request.body, client(request));
    return { success: true as const };
  }, { config: { rateLimit: { max: 5, timeWindow: 15 * 60_000 } } });

  route(app, listAdmins, async (request) => deps.admins.list(staffOf(request), request.query));
  route(app, getAdmin, async (request) => deps.admins.get(staffOf(request), request.params.id));
  route(app, getAdminByEmail, async (request) => deps.admins.byEmail(staffOf(request), request.body.email, request.body.organisation));
  route(app, createAdmin, async (request) => deps.admins.create(staffOf(request), staffAuditContext(request, staffOf(request)), request.body));
  route(app, updateAdmin, async (request) => deps.admins.update(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.id, request.body));
  route(app, deleteAdmin, async (request) => {
    await deps.admins.delete(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.owner, request.params.id);
    return { success: true as const };
  });
  // The organisation of the path: `requireScope` has already kept organisation staff to their own.
  route(app, getStaffPolicy, async (request) => deps.admins.policy(tenant(request)));
  route(app, updateStaffPolicy, async (request) => deps.admins.setPolicy(staffAuditContext(request, staffOf(request)), tenant(request), request.body));
  route(app, sendAdminCreatedEmail, async (request) => {
    await deps.admins.resendLink(staffOf(request), staffAuditContext(request, staffOf(request)), request.body);
    return { success: true as const };
  });
}
