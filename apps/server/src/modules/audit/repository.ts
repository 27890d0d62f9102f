import { sql } from 'kysely';
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

/** A search of the log: one organisation's entries (or the platform's, `organisationId` null) and the filters. */
export interface AuditFilter {
  organisationId: string | null;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An id (24 hex) or an e-mail. */
  actor?: string | undefined;
  /** The action's beginning. */
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  outcome?: 'success' | 'denied' | undefined;
}

export type AuditRow = NonNullable<Awaited<ReturnType<AuditLogRepository['findById']>>>;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search's conditions, written once for the search, its count and the export. */
function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_logs').leftJoin('organisations', 'organisations.id', 'audit_logs.organisation_id');
  query = filter.organisationId === null ? query.where('audit_logs.organisation_id', 'is', null) : query.where('audit_logs.organisation_id', '=', filter.organisationId);
  if (filter.from) query = query.where('audit_logs.created_at', '>=', filter.from);
  if (filter.to) query = query.where('audit_logs.created_at', '<', filter.to);
  if (filter.actor) {
    const actor = filter.actor;
    query = /^[0-9a-f]{24}$/.test(actor) ? query.where('audit_logs.actor_id', '=', actor) : query.where(sql`lower(audit_logs.actor_email)`, '=', actor.toLowerCase());
  }
  if (filter.action) query = query.where('audit_logs.action', 'like', likePrefix(filter.action));
  if (filter.subjectType) query = query.where('audit_logs.subject_type', '=', filter.subjectType);
  if (filter.subjectId) query = query.where('audit_logs.subject_id', '=', filter.subjectId);
  if (filter.outcome) query = query.where('audit_logs.outcome', '=', filter.outcome);
  return query;
}

const entryColumns = [
  'audit_logs.id',
  'audit_logs.seq',
  'audit_logs.created_at',
  'audit_logs.organisation_id',
  'organisations.slug as organisation_slug',
  'audit_logs.actor_type',
  'audit_logs.actor_id',
  'audit_logs.actor_email',
  'audit_logs.actor_scope',
  'audit_logs.actor_method',
  'audit_logs.action',
  'audit_logs.subject_type',
  'audit_logs.subject_id',
  'audit_logs.before',
  'audit_logs.after',
  'audit_logs.changed',
  'audit_logs.outcome',
  'audit_logs.address',
  'audit_logs.user_agent',
  'audit_logs.request_id',
  'audit_logs.group_id',
  'audit_logs.data',
] as const;

/** The log as staff read it (decision 0037): search, one entry, the export's batches, and the retention clean-up. */
export class AuditLogRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** A page of the search, newest first (by seq) unless `oldest`. */
  async search(filter: AuditFilter, limit: number, page: number, order: 'newest' | 'oldest' = 'newest') {
    const [rows, count] = await Promise.all([
      filtered(this.db, filter)
        .select(entryColumns)
        .orderBy('audit_logs.seq', order === 'oldest' ? 'asc' : 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.count(filter),
    ]);
    return { rows, total: count };
  }

  async count(filter: AuditFilter): Promise<number> {
    const row = await filtered(this.db, filter).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A batch of the export, newest first, after the seq the last batch ended with (keyset: no offset). */
  batch(filter: AuditFilter, beforeSeq: string | null, limit: number) {
    let query = filtered(this.db, filter).select(entryColumns);
    if (beforeSeq !== null) query = query.where('audit_logs.seq', '<', beforeSeq);
    return query.orderBy('audit_logs.seq', 'desc').limit(limit).execute();
  }

  /** An entry of the organisation, or of the platform (organisation null) when `platform` may be read. */
  findById(id: string, organisationId: string, platform: boolean) {
    return this.db
      .selectFrom('audit_logs')
      .leftJoin('organisations', 'organisations.id', 'audit_logs.organisation_id')
      .select(entryColumns)
      .where('audit_logs.id', '=', id)
      .where((eb) => (platform ? eb.or([eb('audit_logs.organisation_id', '=', organisationId), eb('audit_logs.organisation_id', 'is', null)]) : eb('audit_logs.organisation_id', '=', organisationId)))
      .executeTakeFirst();
  }

  /** Every organisation's retention (days), for the clean-up. */
  retentions() {
    return this.db.selectFrom('organisations').select(['id', 'slug', 'audit_retention_days']).orderBy('slug').execute();
  }

  /**
   * Deletes the entries of an organisation (or of the platform, null) older than `before`, in the
   * one kind of transaction the append-only trigger lets delete (migration 0015); answers how many.
   */
  prune(organisationId: string | null, before: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL gridline.audit_retention = 'on'`.execute(trx);
      let query = trx.deleteFrom('audit_logs').where('created_at', '<', before);
      query = organisationId === null ? query.where('organisation_id', 'is', null) : query.where('organisation_id', '=', organisationId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
