import { z } from 'zod';
import { BoundedText, Id, Slug } from './common.ts';
import type { StaffScope } from './staff.ts';

/*
 * Scheduled jobs (spec 002 §3 Scheduled job, §4, §5, §7, §9; issue 17; decision 0045): the
 * platform's pg-boss schedules as staff see and steer them. A job is either platform-wide
 * (`organisation` null: market data, the demo feed, the platform's own audit retention) or one
 * organisation's (the audit log's retention clean-up of that organisation).
 */

/** The spec's queue types (§9). */
export const QueueType = z.enum(['account', 'iot', 'data', 'report', 'secrets', 'settings']);
export type QueueType = z.infer<typeof QueueType>;
export const queueTypes = QueueType.options;

/** The spec's job statuses (§4, §9). */
export const ScheduledJobStatus = z.enum(['waiting', 'running', 'completed', 'failed', 'paused']);
export type ScheduledJobStatus = z.infer<typeof ScheduledJobStatus>;
export const scheduledJobStatuses = ScheduledJobStatus.options;

/** The spec's actions (§4, §5). */
export const ScheduledJobAction = z.enum(['play', 'pause', 'trigger']);
export type ScheduledJobAction = z.infer<typeof ScheduledJobAction>;
export const scheduledJobActions = ScheduledJobAction.options;

/** Who may read the jobs: the platform's admin and support, an organisation's admin and developer. */
export const scheduledJobReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
/** Who may change them: the platform admin (every job), an organisation's admin and developer (their organisation's jobs only). */
export const scheduledJobManagers = ['ADMIN', 'ORG_ADMIN', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];

/** How far after the cron instant a run may be put off, in minutes (less than a day). */
export const JOB_OFFSET_MIN = 0;
export const JOB_OFFSET_MAX = 1439;
/** How many of a job's latest errors it carries. */
export const JOB_ERRORS_MAX = 10;
/** How many of a job's latest runs it carries. */
export const JOB_RUNS_MAX = 5;
export const CRON_MAX_LENGTH = 100;
export const TIME_ZONE_MAX_LENGTH = 64;

export const JobSchedule = z.object({
  /** Five fields (minute hour day-of-month month day-of-week), or six with seconds first; as pg-boss (cron-parser) reads it. */
  cron: z.string(),
  /** Minutes after each cron instant that the run starts (0–1439). */
  offset: z.number().int(),
  /** The IANA time zone the cron is read in. */
  timeZone: z.string(),
});
export type JobSchedule = z.infer<typeof JobSchedule>;

export const JobError = z.object({ message: z.string(), date: z.string() });
export type JobError = z.infer<typeof JobError>;

export const JobRun = z.object({
  state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

export const ScheduledJob = z.object({
  _id: Id,
  /** The pg-boss queue the job runs on (stable, for logs and scripts). */
  name: z.string(),
  /** What the job does, in English (the back office shows its own translation of `name`). */
  displayName: z.string(),
  /** The organisation's slug; null for a platform-wide job. */
  organisation: z.string().nullable(),
  arguments: z.object({ organisation: z.string().nullable(), persistent: z.boolean() }),
  queueType: QueueType,
  schedule: JobSchedule,
  /** The next scheduled run (cron instant plus offset); null while paused or disabled. */
  nextRunAt: z.string().nullable(),
  /** The latest run's start and end. */
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  status: ScheduledJobStatus,
  /** Whether the caller may change it: platform-wide jobs only for the platform admin. */
  editable: z.boolean(),
  /** Off: no scheduled run and no trigger. */
  enabled: z.boolean(),
  /** Paused: no scheduled run, but a trigger still runs it once. */
  paused: z.boolean(),
  /** The latest failures, newest first (at most 10). */
  errors: z.array(JobError),
  /** The latest runs, newest first (at most 5). */
  runs: z.array(JobRun),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ScheduledJob = z.infer<typeof ScheduledJob>;

/** `GET /v3/queues/scheduled-jobs`: `queueTypes` is checked in the service, so that an unknown type answers its own key. */
export const ListScheduledJobsQuery = z.object({
  queueTypes: BoundedText(200, { min: 1 }),
  /** Narrows to one organisation's jobs and the platform-wide ones (platform staff); organisation staff always see their own. */
  organisation: Slug.optional(),
});

export const UpdateScheduledJobRequest = z
  .object({
    schedule: z
      .object({
        cron: BoundedText(CRON_MAX_LENGTH, { min: 1 }).optional(),
        offset: z.number().int().optional(),
        timeZone: BoundedText(TIME_ZONE_MAX_LENGTH, { min: 1 }).optional(),
      })
      .strict()
      .optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateScheduledJobRequest = z.infer<typeof UpdateScheduledJobRequest>;

/** Parses `queueTypes`: the known types it names, or the first unknown one. */
export function parseQueueTypes(value: string): { ok: true; types: QueueType[] } | { ok: false; unknown: string } {
  const parts = value.split(',').map((p) => p.trim());
  const types: QueueType[] = [];
  for (const part of parts) {
    if (!(queueTypes as readonly string[]).includes(part)) return { ok: false, unknown: part };
    if (!types.includes(part as QueueType)) types.push(part as QueueType);
  }
  return { ok: true, types };
}
