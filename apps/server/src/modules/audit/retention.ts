import type { AuditLogRepository } from './repository.ts';
import type { AuditService } from './service.ts';

/** The platform's own entries (organisation null) have no organisation to set it: kept this long. */
export const PLATFORM_AUDIT_RETENTION_DAYS = 730;

export interface RetentionOutcome {
  organisation: string;
  days: number;
  before: string;
  deleted: number;
}

/**
 * The audit log's retention clean-up (issue 16, decision 0037), run daily by the job runner: per
 * organisation, the entries older than its `audit_retention_days` are deleted in the one kind of
 * transaction the append-only trigger allows; then the run is itself an entry of that
 * organisation's log (actor `system`, action `audit.retention`, the count and the cut-off).
 */
export class AuditRetention {
  private readonly repository: AuditLogRepository;
  private readonly audit: AuditService;
  constructor(repository: AuditLogRepository, audit: AuditService) {
    this.repository = repository;
    this.audit = audit;
  }

  /** Every organisation and the platform; with `only`, one organisation (or, null, the platform's own entries). */
  async run(now: Date, only?: { organisationId: string | null }): Promise<RetentionOutcome[]> {
    const all = [...(await this.repository.retentions()).map((o) => ({ id: o.id as string | null, slug: o.slug, days: o.audit_retention_days })), { id: null, slug: 'platform', days: PLATFORM_AUDIT_RETENTION_DAYS }];
    const targets = only ? all.filter((t) => t.id === only.organisationId) : all;
    const outcomes: RetentionOutcome[] = [];
    for (const target of targets) {
      const before = new Date(now.getTime() - target.days * 86_400_000);
      const deleted = await this.repository.prune(target.id, before);
      await this.audit.record({
        organisationId: target.id,
        actorType: 'system',
        actorId: null,
        actorEmail: null,
        action: 'audit.retention',
        subjectType: 'audit-log',
        subjectId: null,
        data: { days: target.days, before: before.toISOString(), deleted },
      });
      outcomes.push({ organisation: target.slug, days: target.days, before: before.toISOString(), deleted });
    }
    return outcomes;
  }
}
