import type { LoginRequest } from '@gridline/contracts/auth';
import { parsePersonalNumber } from '@gridline/contracts/identity';
import { AppError } from '../../../lib/errors.ts';
import type { StaffAuditContext } from '../../audit/service.ts';
import type { Organisation } from '../../organisations/service.ts';
import type { MethodKit } from './kit.ts';

/**
 * Support mode (spec 000 §2.5, issue 5): an admin signs in on behalf of a customer named by
 * personal number, customer number or username, with e-mail and password (ADMIN) or with their
 * own BankID (ADMIN_BANKID). The session has scope INSPECTOR, carries the admin's id, reads and
 * never writes customer data, and is written to the audit log. Platform admins (ADMIN, SUPPORT)
 * may help any organisation's customers; an organisation's own (ORG_ADMIN, ORG_SUPPORT) only its.
 */

/** Whom the admin acts for, as typed (the personal number already in its stored form). */
export interface ActAs {
  as: 'personalId' | 'customerId' | 'username';
  value: string;
}

export function mayHelp(admin: { organisation_id: string | null; scope: string }, organisation: Organisation): boolean {
  return (
    (admin.organisation_id === null && (admin.scope === 'ADMIN' || admin.scope === 'SUPPORT')) ||
    (admin.organisation_id === organisation.id && (admin.scope === 'ORG_ADMIN' || admin.scope === 'ORG_SUPPORT'))
  );
}

/** The customer the body names (`asPersonalId`, `asCustomerId` or `asUsername`); checks the form only. */
export function actAsFrom(organisation: Organisation, body: LoginRequest): ActAs {
  if (body.asPersonalId) {
    const parsed = parsePersonalNumber(organisation.country, body.asPersonalId);
    if (!parsed.ok) throw new AppError(parsed.error);
    return { as: 'personalId', value: parsed.value };
  }
  if (body.asCustomerId?.trim()) return { as: 'customerId', value: body.asCustomerId.trim() };
  if (body.asUsername?.trim()) return { as: 'username', value: body.asUsername.trim() };
  throw new AppError('VALIDATION_FAILED', {
    data: { issues: [{ path: 'body.asPersonalId', message: 'Name the customer: asPersonalId, asCustomerId or asUsername' }] },
  });
}

/** The user the admin acts for, if the organisation has one by that identity. */
export async function findCustomer(kit: MethodKit, organisation: Organisation, actAs: ActAs): Promise<{ id: string } | undefined> {
  if (actAs.as === 'personalId') return kit.repository.findUserByPersonalId(organisation.id, actAs.value);
  if (actAs.as === 'customerId') return kit.repository.findAccountOwner(organisation.id, 'customerNumber', actAs.value);
  return kit.repository.findUserIdByUsername(organisation.id, actAs.value);
}

/** Every support session is written to the audit log: who helped whom, how, from where. */
export async function recordSupportSession(
  kit: MethodKit,
  organisation: Organisation,
  entry: {
    admin: { id: string; email: string };
    customerId: string;
    ref: string;
    /** `BACK_OFFICE`: "open as this customer" from the back office, signed in as staff (decision 0038). */
    method: 'ADMIN' | 'ADMIN_BANKID' | 'BACK_OFFICE';
    actAs: ActAs['as'] | 'accountId';
    address: string | null;
    /** The account the session is limited to (back office). */
    accountId?: string;
    /** The staff request's actor and request details, when the session starts from the back office. */
    staff?: StaffAuditContext;
  },
): Promise<void> {
  await kit.audit.record({
    actorType: 'admin',
    actorId: entry.admin.id,
    ...(entry.staff ?? {}),
    organisationId: organisation.id,
    action: 'support.session',
    subjectType: 'user',
    subjectId: entry.customerId,
    data: { ref: entry.ref, method: entry.method, email: entry.admin.email, as: entry.actAs, ...(entry.accountId ? { accountId: entry.accountId } : {}) },
    address: entry.staff?.address ?? entry.address,
  });
}
