import type { Inspector, SupportSession } from '@gridline/contracts/customers';
import type { AccountType } from '@gridline/contracts/enums';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import { LOGIN_PATH, portalOrigins } from '../auth/portal-origin.ts';
import { mayHelp } from '../auth/methods/support.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { CustomersRepository, InspectorRow } from './repository.ts';
import type { CustomersService } from './service.ts';

export interface InspectorsDeps {
  repository: CustomersRepository;
  customers: CustomersService;
  access: AccessService;
  audit: AuditService;
  auth: Pick<AuthService, 'startStaffSupportSession'>;
  /** The configured public address: the portal's links are built from it, never from a request. */
  publicUrl: string;
}

function toInspector(row: InspectorRow): Inspector {
  return {
    adminId: row.admin_id,
    accountId: row.account_id,
    admin: { email: row.email, firstName: row.first_name, lastName: row.last_name, scope: row.scope },
    account: { customerId: row.provider_customer_id, type: row.type as AccountType },
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Inspectors (spec 001 §6, spec 002 §7; decision 0038): admins attached to an organisation's
 * accounts, and "open as this customer", which starts the portal's support session through the
 * sign-in's own code (`AuthService.startStaffSupportSession`).
 */
export class InspectorsService {
  private readonly d: InspectorsDeps;
  constructor(deps: InspectorsDeps) {
    this.d = deps;
  }

  /** An account of the organisation, or 404. */
  private async account(organisation: Organisation, accountId: string) {
    const [account] = await this.d.customers.accounts(organisation, [accountId]);
    if (!account) throw new AppError('NOT_FOUND');
    return account;
  }

  /** An admin the caller may see (their organisation's, or the platform's for platform staff), or 404. */
  private async admin(staff: StaffClaims, by: { id: string } | { email: string }) {
    const admin = await this.d.repository.admin(by);
    if (!admin) throw new AppError('NOT_FOUND');
    this.d.access.assertStaffIn(staff, admin.organisation_id);
    return admin;
  }

  async ofAdmin(staff: StaffClaims, organisation: Organisation, email: string): Promise<Inspector[]> {
    const admin = await this.admin(staff, { email: email.trim() });
    return (await this.d.repository.inspectors(organisation.id, { adminId: admin.id })).map(toInspector);
  }

  async ofAccount(organisation: Organisation, accountId: string): Promise<Inspector[]> {
    await this.account(organisation, accountId);
    return (await this.d.repository.inspectors(organisation.id, { accountIds: [accountId] })).map(toInspector);
  }

  async add(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, body: { adminId: string; accountId: string }): Promise<Inspector> {
    const [admin] = await Promise.all([this.admin(staff, { id: body.adminId }), this.account(organisation, body.accountId)]);
    if (!mayHelp(admin, organisation)) throw new AppError('ADMIN_CANNOT_INSPECT');
    const added = await this.d.repository.addInspector({ organisationId: organisation.id, adminId: admin.id, accountId: body.accountId, createdBy: staff.adminId });
    const [row] = (await this.d.repository.inspectors(organisation.id, { accountIds: [body.accountId], adminId: admin.id })).map(toInspector);
    if (added) {
      await this.d.audit.recordStaff(context, {
        organisationId: organisation.id,
        action: 'inspector.add',
        subjectType: 'account',
        subjectId: body.accountId,
        before: null,
        after: { adminId: admin.id, adminEmail: admin.email, accountId: body.accountId },
      });
    }
    return row!;
  }

  async remove(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, adminId: string, accountIds: readonly string[], options: { oneAccount: boolean }): Promise<{ removed: number }> {
    const admin = await this.admin(staff, { id: adminId });
    const removed = await this.d.repository.removeInspector(organisation.id, admin.id, [...new Set(accountIds)]);
    if (options.oneAccount && removed.length === 0) throw new AppError('NOT_FOUND');
    for (const accountId of removed) {
      await this.d.audit.recordStaff(context, {
        organisationId: organisation.id,
        action: 'inspector.remove',
        subjectType: 'account',
        subjectId: accountId,
        before: { adminId: admin.id, adminEmail: admin.email, accountId },
        after: null,
      });
    }
    return { removed: removed.length };
  }

  /**
   * "Open as this customer": the portal's read-only support session for the account, as its
   * owner (or the user named, who must be one of its users). Answers the ref and the portal's
   * sign-in address with it, on the organisation's own host under the configured public address.
   */
  async startSession(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, body: { accountId: string; userId?: string | undefined }): Promise<SupportSession> {
    const account = await this.account(organisation, body.accountId);
    const user = body.userId ? account.users.find((u) => u._id === body.userId) : (account.accountOwner ?? account.users[0]);
    if (body.userId && !user) throw new AppError('NOT_FOUND');
    if (!user) throw new AppError('NO_ACCOUNT_USER');
    const { ref, expiresAt } = await this.d.auth.startStaffSupportSession(organisation, {
      admin: { id: staff.adminId, email: staff.email },
      userId: user._id,
      accountId: account._id,
      staff: context,
    });
    const url = new URL(LOGIN_PATH, portalOrigins(this.d.publicUrl, organisation.slug)[1]);
    url.searchParams.set('ref', ref);
    return { ref, url: url.toString(), expiresAt: expiresAt.toISOString(), userId: user._id, accountId: account._id };
  }
}
