import type { Db } from '../../db/database.ts';

export interface AuditEntry {
  organisationId: string | null;
  actorType: 'admin' | 'user' | 'system';
  actorId: string | null;
  /** The staff member's e-mail, scope and how they signed in (`password`, `password+otp`, `bankid`). */
  actorEmail?: string | null;
  actorScope?: string | null;
  actorMethod?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
  /** The object's values before and after the change (never a secret's value), and the fields that changed. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  changed?: string[];
  outcome?: 'success' | 'denied';
  address?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  /** Ties together the changes of one release (issue 18). */
  groupId?: string | null;
}

const json = (value: Record<string, unknown> | null | undefined) => (value === undefined || value === null ? null : JSON.stringify(value));

export class AuditRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(id: string, entry: AuditEntry) {
    return this.db
      .insertInto('audit_logs')
      .values({
        id,
        organisation_id: entry.organisationId,
        actor_type: entry.actorType,
        actor_id: entry.actorId,
        actor_email: entry.actorEmail ?? null,
        actor_scope: entry.actorScope ?? null,
        actor_method: entry.actorMethod ?? null,
        action: entry.action,
        subject_type: entry.subjectType ?? null,
        subject_id: entry.subjectId ?? null,
        data: JSON.stringify(entry.data ?? {}),
        before: json(entry.before),
        after: json(entry.after),
        changed: entry.changed ?? [],
        outcome: entry.outcome ?? 'success',
        address: entry.address ?? null,
        user_agent: entry.userAgent ? entry.userAgent.slice(0, 500) : null,
        request_id: entry.requestId ?? null,
        group_id: entry.groupId ?? null,
        created_at: new Date(),
      })
      .execute();
  }

  list(organisationId: string, filter: { action?: string; actorId?: string } = {}, limit = 50) {
    let query = this.db.selectFrom('audit_logs').selectAll().where('organisation_id', '=', organisationId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
    return query.orderBy('seq', 'desc').limit(limit).execute();
  }
}
