import type { Db } from '../../db/database.ts';

export interface AuditEntry {
  organisationId: string | null;
  actorType: 'admin' | 'user' | 'system';
  actorId: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
  address?: string | null;
}

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
        action: entry.action,
        subject_type: entry.subjectType ?? null,
        subject_id: entry.subjectId ?? null,
        data: JSON.stringify(entry.data ?? {}),
        address: entry.address ?? null,
        created_at: new Date(),
      })
      .execute();
  }

  list(organisationId: string, filter: { action?: string; actorId?: string } = {}, limit = 50) {
    let query = this.db.selectFrom('audit_logs').selectAll().where('organisation_id', '=', organisationId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
