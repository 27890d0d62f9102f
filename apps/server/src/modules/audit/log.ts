import { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditLogEntry } from '@gridline/contracts/audit';
import { isPlatformScope } from '@gridline/contracts/staff';
import { AppError } from '../../lib/errors.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import type { AuditFilter, AuditLogRepository, AuditRow } from './repository.ts';
import type { AuditService, StaffAuditContext } from './service.ts';

export function auditEntryOf(row: AuditRow): AuditLogEntry {
  return {
    _id: row.id,
    seq: Number(row.seq),
    createdAt: row.created_at.toISOString(),
    organisation: row.organisation_slug ?? null,
    actorType: row.actor_type as AuditLogEntry['actorType'],
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorScope: row.actor_scope,
    actorMethod: row.actor_method,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: row.before,
    after: row.after,
    changed: row.changed,
    outcome: row.outcome as AuditLogEntry['outcome'],
    address: row.address,
    userAgent: row.user_agent,
    requestId: row.request_id,
    groupId: row.group_id,
    data: row.data ?? {},
  };
}

export interface AuditFilters {
  from?: string | undefined;
  to?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  outcome?: 'success' | 'denied' | undefined;
}

const CSV_COLUMNS = ['seq', '_id', 'createdAt', 'organisation', 'actorType', 'actorId', 'actorEmail', 'actorScope', 'actorMethod', 'action', 'subjectType', 'subjectId', 'outcome', 'changed', 'before', 'after', 'address', 'userAgent', 'requestId', 'groupId', 'data'] as const;

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a field a
 * spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first)
 * gets a leading `'`, since user agents and names in the log are anyone's text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(entry: AuditLogEntry): string {
  const text = (column: (typeof CSV_COLUMNS)[number]): string => {
    const value = entry[column];
    if (value === null || value === undefined) return '';
    if (column === 'changed') return (value as string[]).join(';');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return `${CSV_COLUMNS.map((column) => csvField(text(column))).join(',')}\r\n`;
}

/** How many entries the export reads at a time. */
const EXPORT_BATCH = 1_000;

/**
 * The audit log for staff (issue 16, decision 0037): search, one entry, the export of a search,
 * and the organisation's retention. The path's organisation has been checked by `requireScope`
 * (organisation staff only in their own); the platform's own entries are for platform scopes.
 */
export class AuditLogService {
  private readonly d: { repository: AuditLogRepository; audit: AuditService; organisations: OrganisationsService };
  constructor(deps: { repository: AuditLogRepository; audit: AuditService; organisations: OrganisationsService }) {
    this.d = deps;
  }

  private filterOf(staff: StaffClaims, organisation: Organisation, platform: boolean, filters: AuditFilters): AuditFilter {
    if (platform && !isPlatformScope(staff.scope)) throw new AppError('FORBIDDEN', { message: "The platform's own entries are for platform staff" });
    const from = filters.from ? new Date(filters.from) : undefined;
    const to = filters.to ? new Date(filters.to) : undefined;
    if (from && to && from.getTime() >= to.getTime()) throw new AppError('INVALID_DATE_RANGE', { data: { issues: [{ path: 'to', message: 'INVALID_DATE_RANGE' }] } });
    return {
      organisationId: platform ? null : organisation.id,
      from,
      to,
      actor: filters.actor?.trim() || undefined,
      action: filters.action,
      subjectType: filters.subjectType,
      subjectId: filters.subjectId,
      outcome: filters.outcome,
    };
  }

  async search(staff: StaffClaims, organisation: Organisation, body: AuditFilters & { platform: boolean; order: 'newest' | 'oldest'; limit: number; page: number }) {
    const { rows, total } = await this.d.repository.search(this.filterOf(staff, organisation, body.platform, body), body.limit, body.page, body.order);
    return { data: rows.map(auditEntryOf), pagination: { limit: body.limit, page: body.page, total } };
  }

  async get(staff: StaffClaims, organisation: Organisation, id: string): Promise<AuditLogEntry> {
    const row = await this.d.repository.findById(id, organisation.id, isPlatformScope(staff.scope));
    if (!row) throw new AppError('NOT_FOUND');
    return auditEntryOf(row);
  }

  /**
   * A search as a file, newest first, read in batches by seq and streamed. Counted first: more
   * than 50 000 entries is refused, so that an export is never silently cut. The export is itself
   * an audit entry (with its filters).
   */
  async export(
    staff: StaffClaims,
    context: StaffAuditContext,
    organisation: Organisation,
    query: AuditFilters & { format: 'csv' | 'json'; platform: 'true' | 'false' },
  ): Promise<{ fileName: string; contentType: string; body: Readable; rows: number }> {
    const filter = this.filterOf(staff, organisation, query.platform === 'true', query);
    const rows = await this.d.repository.count(filter);
    if (rows > AUDIT_EXPORT_MAX_ROWS) throw new AppError('AUDIT_EXPORT_TOO_LARGE', { data: { rows, max: AUDIT_EXPORT_MAX_ROWS } });
    const { format, platform, ...filters } = query;
    await this.d.audit.recordStaff(context, { organisationId: filter.organisationId, action: 'audit.export', subjectType: 'audit-log', subjectId: null, data: { format, platform: platform === 'true', filters, rows } });
    const repository = this.d.repository;
    async function* lines(): AsyncGenerator<string> {
      if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
      else yield '[';
      let last: string | null = null;
      let first = true;
      let sent = 0;
      while (sent < AUDIT_EXPORT_MAX_ROWS) {
        const batch = await repository.batch(filter, last, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent));
        if (batch.length === 0) break;
        let chunk = '';
        for (const row of batch) {
          const entry = auditEntryOf(row);
          chunk += format === 'csv' ? csvLine(entry) : `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
          first = false;
        }
        yield chunk;
        sent += batch.length;
        last = batch.at(-1)!.seq;
      }
      if (format === 'json') yield '\n]\n';
    }
    const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
    return {
      fileName: `audit-log-${filter.organisationId === null ? 'platform' : organisation.slug}-${stamp}.${format}`,
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      body: Readable.from(lines()),
      rows,
    };
  }

  retention(organisation: Organisation): { days: number } {
    return { days: organisation.auditRetentionDays };
  }

  async setRetention(context: StaffAuditContext, organisation: Organisation, days: number): Promise<{ days: number }> {
    const before = this.retention(organisation);
    const after = this.retention(await this.d.organisations.setAuditRetentionDays(organisation, days));
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'audit.retention.update', subjectType: 'organisation', subjectId: organisation.id, before, after });
    return after;
  }
}
