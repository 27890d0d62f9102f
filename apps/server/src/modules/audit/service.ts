import type { FastifyRequest } from 'fastify';
import { newId } from '../../lib/ids.ts';
import type { StaffClaims, TokenClaims } from '../auth/tokens.ts';
import type { AuditEntry, AuditRepository } from './repository.ts';

export type { AuditEntry };

/** Who did a staff change and from where: the part of an audit entry every staff route fills the same way. */
export type StaffAuditContext = Pick<AuditEntry, 'actorType' | 'actorId' | 'actorEmail' | 'actorScope' | 'actorMethod' | 'address' | 'userAgent' | 'requestId'>;

/** The audit context of a staff request (its staff claims, address, user agent and request id). */
export function staffAuditContext(request: FastifyRequest, staff: StaffClaims): StaffAuditContext {
  return {
    actorType: 'admin',
    actorId: staff.adminId,
    actorEmail: staff.email,
    actorScope: staff.scope,
    actorMethod: staff.secondFactor ? `${staff.method}+otp` : staff.method,
    ...requestAuditContext(request),
  };
}

/** A request's part of an audit entry: its address, user agent and id. */
export function requestAuditContext(request: FastifyRequest): { address: string; userAgent: string | null; requestId: string } {
  const agent = request.headers['user-agent'];
  return { address: request.ip, userAgent: typeof agent === 'string' ? agent : null, requestId: String(request.id) };
}

/** Who did a customer's own change and from where (decision 0042): the user, their address, user agent and request id. */
export type UserAuditContext = Pick<AuditEntry, 'actorType' | 'actorId' | 'address' | 'userAgent' | 'requestId'>;

/** The audit context of a signed-in customer's request. */
export function userAuditContext(request: FastifyRequest, auth: TokenClaims): UserAuditContext {
  return { actorType: 'user', actorId: auth.userId, ...requestAuditContext(request) };
}

/** The fields whose values differ between two versions of an object (top level; a nested object counts as one field). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])).sort();
}

/**
 * The audit log (spec 002 "audit logs", issue 16): who did what, when, from where. Append-only in
 * the database (migration 0015). Sign-ins keep what the e-ID answered (BankID's completion data)
 * and every support-mode session is written here; every staff change with its before and after.
 */
export class AuditService {
  private readonly repository: AuditRepository;
  constructor(repository: AuditRepository) {
    this.repository = repository;
  }

  async record(entry: AuditEntry): Promise<string> {
    const id = newId();
    const changed = entry.changed ?? (entry.before !== undefined || entry.after !== undefined ? changedFields(entry.before ?? null, entry.after ?? null) : []);
    await this.repository.insert(id, { ...entry, changed });
    return id;
  }

  /** A staff change: the context of the request, the object, its before and after. */
  recordStaff(context: StaffAuditContext, entry: Omit<AuditEntry, keyof StaffAuditContext>): Promise<string> {
    return this.record({ ...context, ...entry });
  }

  list(organisationId: string, filter: { action?: string; actorId?: string } = {}, limit = 50) {
    return this.repository.list(organisationId, filter, limit);
  }
}
