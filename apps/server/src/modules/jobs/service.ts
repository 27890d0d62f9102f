import { CronExpressionParser } from 'cron-parser';
import {
  JOB_ERRORS_MAX,
  JOB_OFFSET_MAX,
  JOB_OFFSET_MIN,
  JOB_RUNS_MAX,
  parseQueueTypes,
  scheduledJobActions,
  scheduledJobManagers,
  type ScheduledJob,
  type ScheduledJobAction,
  type ScheduledJobStatus,
  type UpdateScheduledJobRequest,
} from '@gridline/contracts/scheduled-jobs';
import { isPlatformScope } from '@gridline/contracts/staff';
import { definitionOf, SCHEDULED_JOBS, type JobQueue, type ScheduleTarget } from '../../jobs/catalogue.ts';
import type { ScheduleControl } from '../../jobs/control.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { JobRunRow, ScheduledJobRow, ScheduledJobsRepository } from './repository.ts';

/** Whether a cron expression parses as pg-boss (cron-parser) reads it. */
export function cronParses(cron: string): boolean {
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC', strict: false });
    return true;
  } catch {
    return false;
  }
}

/** Whether a time zone is an IANA zone both the platform (Intl) and pg-boss (cron-parser) know. */
export function timeZoneKnown(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    CronExpressionParser.parse('0 0 * * *', { tz: timeZone, strict: false, currentDate: new Date() }).next();
    return true;
  } catch {
    return false;
  }
}

/** The next run after `now`: the cron's next instant in its zone, plus the offset. */
export function nextRunOf(cron: string, timeZone: string, offsetMinutes: number, now: Date): Date | null {
  try {
    // A run is sent at the cron instant and starts `offset` later: the next one may be a past instant's.
    const from = new Date(now.getTime() - offsetMinutes * 60_000);
    const next = CronExpressionParser.parse(cron, { tz: timeZone, strict: false, currentDate: from }).next().toDate();
    return new Date(next.getTime() + offsetMinutes * 60_000);
  } catch {
    return null;
  }
}

const invalid = (key: 'INVALID_CRON' | 'INVALID_TIME_ZONE' | 'JOB_OFFSET_OUT_OF_RANGE', path: string, message: string) =>
  new AppError(key, { data: { issues: [{ path, message: `${key}: ${message}` }] } });

const statusOf = (row: ScheduledJobRow, runs: JobRunRow[]): ScheduledJobStatus => {
  if (runs.some((r) => r.state === 'active')) return 'running';
  if (runs.some((r) => r.state === 'created' || r.state === 'retry')) return 'waiting';
  if (!row.enabled || row.paused) return 'paused';
  const last = runs[0];
  if (last?.state === 'completed') return 'completed';
  if (last?.state === 'failed') return 'failed';
  return 'waiting';
};

/**
 * Scheduled jobs for staff (spec 002 §3, §7; issue 17; decision 0045). The jobs are the
 * catalogue's (`jobs/catalogue.ts`); the staff's settings are `scheduled_jobs` rows, made with the
 * defaults when missing; every change is written to pg-boss's schedule table at once (through the
 * control) and audited. Platform staff act on every job; organisation staff read their
 * organisation's jobs and the platform-wide ones (without errors), and change only their own.
 */
export class ScheduledJobsService {
  private readonly repository: ScheduledJobsRepository;
  private readonly deps: { access: AccessService; audit: AuditService; control: ScheduleControl & { schema?: string }; now?: (() => number) | undefined };
  constructor(repository: ScheduledJobsRepository, deps: { access: AccessService; audit: AuditService; control: ScheduleControl & { schema?: string }; now?: () => number }) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /**
   * Makes the rows the catalogue and the organisations call for (idempotent). `apply`: writes the
   * new ones' schedules to pg-boss too (a new organisation's jobs are scheduled from the first
   * list call, not only from the runner's next start).
   */
  async ensureRows(options: { apply: boolean }): Promise<void> {
    const organisations = await this.repository.organisationIds();
    const added = await this.repository.ensure(
      SCHEDULED_JOBS.flatMap((d) => [null, ...(d.scope === 'per-organisation' ? organisations : [])].map((organisationId) => ({ queue: d.queue, organisationId, cron: d.cron, timeZone: d.tz }))),
    );
    if (!options.apply) return;
    for (const id of added) {
      const row = await this.repository.findById(id);
      // an organisation's own job only: the platform-wide ones are the runner's (it knows which it can run)
      if (row?.organisation_id) await this.deps.control.apply(targetOf(row));
    }
  }

  /** Every job's schedule as pg-boss should hold it (the runner's start-up). */
  async targets(): Promise<ScheduleTarget[]> {
    await this.ensureRows({ apply: false });
    const rows = await this.repository.list({ queues: SCHEDULED_JOBS.map((d) => d.queue) });
    return rows.map(targetOf);
  }

  async list(staff: StaffClaims, query: { queueTypes: string; organisation?: string | undefined }): Promise<ScheduledJob[]> {
    const parsed = parseQueueTypes(query.queueTypes);
    if (!parsed.ok) throw new AppError('UNKNOWN_QUEUE_TYPE', { message: `queueTypes: ${JSON.stringify(parsed.unknown.slice(0, 40))} is not one of account, iot, data, report, secrets, settings`, data: { issues: [{ path: 'queueTypes', message: 'UNKNOWN_QUEUE_TYPE' }] } });
    const organisation = await this.deps.access.staffOrganisation(staff, query.organisation);
    await this.ensureRows({ apply: true });
    const queues = SCHEDULED_JOBS.filter((d) => parsed.types.includes(d.queueType)).map((d) => d.queue);
    const rows = await this.repository.list({ queues, organisationId: organisation?.id });
    return this.present(staff, rows);
  }

  async update(staff: StaffClaims, context: StaffAuditContext, id: string, body: UpdateScheduledJobRequest): Promise<ScheduledJob> {
    const row = await this.changeable(staff, id);
    const schedule = body.schedule ?? {};
    if (schedule.cron !== undefined && !cronParses(schedule.cron.trim())) throw invalid('INVALID_CRON', 'schedule.cron', 'five fields: minute hour day-of-month month day-of-week');
    if (schedule.timeZone !== undefined && !timeZoneKnown(schedule.timeZone)) throw invalid('INVALID_TIME_ZONE', 'schedule.timeZone', 'an IANA time zone such as Europe/Stockholm');
    if (schedule.offset !== undefined && (schedule.offset < JOB_OFFSET_MIN || schedule.offset > JOB_OFFSET_MAX)) throw invalid('JOB_OFFSET_OUT_OF_RANGE', 'schedule.offset', `${JOB_OFFSET_MIN} to ${JOB_OFFSET_MAX} minutes`);
    return this.change(staff, context, row, 'job.update', {
      ...(schedule.cron !== undefined ? { cron: schedule.cron.trim() } : {}),
      ...(schedule.timeZone !== undefined ? { time_zone: schedule.timeZone } : {}),
      ...(schedule.offset !== undefined ? { offset_minutes: schedule.offset } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
  }

  async act(staff: StaffClaims, context: StaffAuditContext, id: string, action: string): Promise<ScheduledJob> {
    if (!(scheduledJobActions as readonly string[]).includes(action)) {
      throw new AppError('UNKNOWN_JOB_ACTION', { data: { issues: [{ path: 'action', message: 'UNKNOWN_JOB_ACTION: play, pause or trigger' }] } });
    }
    const row = await this.changeable(staff, id);
    switch (action as ScheduledJobAction) {
      case 'pause':
        return this.change(staff, context, row, 'job.pause', { paused: true });
      case 'play':
        return this.change(staff, context, row, 'job.play', { paused: false });
      case 'trigger': {
        if (!row.enabled) throw new AppError('JOB_DISABLED');
        let runId: string | null;
        try {
          runId = await this.deps.control.trigger(row.queue as JobQueue, row.organisation_id);
        } catch {
          throw new AppError('JOBS_UNAVAILABLE');
        }
        const [after] = await this.present(staff, [row]);
        await this.deps.audit.record({ ...context, organisationId: row.organisation_id, action: 'job.trigger', subjectType: 'scheduled-job', subjectId: row.id, before: auditView(row), after: auditView(row), data: { run: runId, queued: runId !== null } });
        return after!;
      }
    }
  }

  /** The job, when the staff member may change it: 404 when they may not see it, 403 for organisation staff on a platform-wide job. */
  private async changeable(staff: StaffClaims, id: string): Promise<ScheduledJobRow> {
    const row = await this.repository.findById(id);
    if (!row || !definitionOf(row.queue)) throw new AppError('NOT_FOUND');
    if (row.organisation_id === null) {
      if (!isPlatformScope(staff.scope)) throw new AppError('JOB_NOT_EDITABLE');
    } else this.deps.access.assertStaffIn(staff, row.organisation_id);
    return row;
  }

  private async change(staff: StaffClaims, context: StaffAuditContext, row: ScheduledJobRow, action: string, change: Omit<Parameters<ScheduledJobsRepository['update']>[1], 'updated_by'>): Promise<ScheduledJob> {
    await this.repository.update(row.id, { ...change, updated_by: staff.email });
    const changed = (await this.repository.findById(row.id))!;
    try {
      await this.deps.control.apply(targetOf(changed));
    } catch {
      await this.repository.restore(row);
      throw new AppError('JOBS_UNAVAILABLE');
    }
    const fields = (['cron', 'time_zone', 'offset_minutes', 'enabled', 'paused'] as const).filter((f) => row[f] !== changed[f]);
    await this.deps.audit.record({ ...context, organisationId: row.organisation_id, action, subjectType: 'scheduled-job', subjectId: row.id, before: auditView(row), after: auditView(changed), changed: fields.map(fieldName) });
    const [job] = await this.present(staff, [changed]);
    return job!;
  }

  private async present(staff: StaffClaims, rows: ScheduledJobRow[]): Promise<ScheduledJob[]> {
    await this.deps.control.ready();
    const { runs, errors } = await this.repository.runs(this.deps.control.schema ?? 'pgboss', [...new Set(rows.map((r) => r.queue))], { runs: JOB_RUNS_MAX, errors: JOB_ERRORS_MAX });
    const now = this.now();
    const platform = isPlatformScope(staff.scope);
    const mine = (row: ScheduledJobRow) => (r: JobRunRow) => {
      if (r.queue !== row.queue) return false;
      // a platform-wide queue's runs are all the job's; a per-organisation queue's are the organisation's
      return definitionOf(row.queue)?.scope === 'per-organisation' ? r.organisation_id === row.organisation_id : true;
    };
    return rows.map((row) => {
      const definition = definitionOf(row.queue)!;
      const own = runs.filter(mine(row));
      const latest = own.find((r) => r.started_on !== null);
      const editable = (scheduledJobManagers as readonly string[]).includes(staff.scope) && (platform || (row.organisation_id !== null && row.organisation_id === staff.organisationId));
      const showErrors = platform || row.organisation_id !== null;
      return {
        _id: row.id,
        name: row.queue,
        displayName: definition.displayName,
        organisation: row.organisation_slug,
        arguments: { organisation: row.organisation_slug, persistent: true },
        queueType: definition.queueType,
        schedule: { cron: row.cron, offset: row.offset_minutes, timeZone: row.time_zone },
        nextRunAt: row.enabled && !row.paused ? (nextRunOf(row.cron, row.time_zone, row.offset_minutes, now)?.toISOString() ?? null) : null,
        startedAt: latest?.started_on?.toISOString() ?? null,
        completedAt: latest?.completed_on?.toISOString() ?? null,
        status: statusOf(row, own),
        editable,
        enabled: row.enabled,
        paused: row.paused,
        errors: showErrors
          ? errors
              .filter(mine(row))
              .slice(0, JOB_ERRORS_MAX)
              .map((e) => ({ message: e.message ?? '', date: (e.completed_on ?? e.started_on ?? e.created_on).toISOString() }))
          : [],
        runs: own.slice(0, JOB_RUNS_MAX).map((r) => ({ state: r.state, createdAt: r.created_on.toISOString(), startedAt: r.started_on?.toISOString() ?? null, completedAt: r.completed_on?.toISOString() ?? null })),
        updatedAt: row.updated_at?.toISOString() ?? null,
        updatedBy: row.updated_by,
      };
    });
  }
}

function targetOf(row: ScheduledJobRow): ScheduleTarget {
  return { queue: row.queue as JobQueue, organisationId: row.organisation_id, cron: row.cron, timeZone: row.time_zone, offsetMinutes: row.offset_minutes, active: row.enabled && !row.paused };
}

const fieldName = (field: 'cron' | 'time_zone' | 'offset_minutes' | 'enabled' | 'paused') => ({ cron: 'schedule.cron', time_zone: 'schedule.timeZone', offset_minutes: 'schedule.offset', enabled: 'enabled', paused: 'paused' })[field];

function auditView(row: ScheduledJobRow): Record<string, unknown> {
  return { name: row.queue, organisation: row.organisation_slug, schedule: { cron: row.cron, offset: row.offset_minutes, timeZone: row.time_zone }, enabled: row.enabled, paused: row.paused };
}
