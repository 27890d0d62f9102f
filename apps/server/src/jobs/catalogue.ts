import type { QueueType } from '@gridline/contracts/scheduled-jobs';

/**
 * The scheduled jobs of the server (decision 0045): each pg-boss queue that runs on a cron, its
 * spec queue type, its default schedule and whether it runs once for the platform or once per
 * organisation. The runner (`runner.ts`) works them; the staff's changes to the defaults are kept
 * in `scheduled_jobs` (modules/jobs) and written to pg-boss's schedule table.
 */

export const JOB_QUEUES = {
  dayAhead: 'entsoe-day-ahead',
  ecbRates: 'ecb-rates',
  demoFeed: 'demo-daily-feed',
  auditRetention: 'audit-retention',
} as const;
export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

export interface ScheduledJobDefinition {
  queue: JobQueue;
  queueType: QueueType;
  /** In English, for the API's `displayName` (the back office translates `name`). */
  displayName: string;
  cron: string;
  tz: string;
  /**
   * `platform`: one job. `per-organisation`: one per organisation (pg-boss schedule key and job
   * data `organisationId`) plus one for the platform's own records (`organisationId: null`).
   */
  scope: 'platform' | 'per-organisation';
}

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  { queue: JOB_QUEUES.dayAhead, queueType: 'data', displayName: 'Day-ahead spot prices from ENTSO-E', cron: '0 13 * * *', tz: 'Europe/Brussels', scope: 'platform' },
  { queue: JOB_QUEUES.ecbRates, queueType: 'data', displayName: 'Exchange rates from the ECB', cron: '30 16 * * *', tz: 'Europe/Brussels', scope: 'platform' },
  { queue: JOB_QUEUES.demoFeed, queueType: 'data', displayName: "The demo organisations' daily readings", cron: '30 1 * * *', tz: 'Europe/Brussels', scope: 'platform' },
  { queue: JOB_QUEUES.auditRetention, queueType: 'settings', displayName: "The audit log's retention clean-up", cron: '15 3 * * *', tz: 'Europe/Brussels', scope: 'per-organisation' },
];

/** When each job runs by itself by default (pg-boss cron schedules, kept in its own schema). */
export const JOB_SCHEDULES: ReadonlyArray<{ queue: JobQueue; cron: string; tz: string }> = SCHEDULED_JOBS.map(({ queue, cron, tz }) => ({ queue, cron, tz }));

export const definitionOf = (queue: string): ScheduledJobDefinition | undefined => SCHEDULED_JOBS.find((d) => d.queue === queue);

// `stately`: at most one queued and one running job per singleton key, so a schedule that fires
// while the start-up run is queued adds nothing, and a retry per zone and day is queued once.
export const QUEUE_OPTIONS: Readonly<Record<JobQueue, { expireInSeconds: number; retryLimit: number; retryDelay: number }>> = {
  [JOB_QUEUES.dayAhead]: { expireInSeconds: 600, retryLimit: 1, retryDelay: 60 },
  [JOB_QUEUES.ecbRates]: { expireInSeconds: 300, retryLimit: 3, retryDelay: 600 },
  [JOB_QUEUES.demoFeed]: { expireInSeconds: 3600, retryLimit: 2, retryDelay: 300 },
  [JOB_QUEUES.auditRetention]: { expireInSeconds: 1800, retryLimit: 2, retryDelay: 600 },
};

/** One scheduled job as pg-boss should hold it. */
export interface ScheduleTarget {
  queue: JobQueue;
  /** Null: the platform-wide job (or, for a per-organisation queue, the platform's own records). */
  organisationId: string | null;
  cron: string;
  timeZone: string;
  offsetMinutes: number;
  /** Enabled and not paused: scheduled. Otherwise its schedule is removed. */
  active: boolean;
}

/** The pg-boss schedule key: the organisation's id, '' for the platform-wide job. */
export const scheduleKeyOf = (organisationId: string | null): string => organisationId ?? '';

/** The job data a run gets: per-organisation queues name the organisation (null: the platform's own records). */
export function jobDataOf(queue: JobQueue, organisationId: string | null): Record<string, unknown> {
  return definitionOf(queue)?.scope === 'per-organisation' ? { organisationId } : {};
}

/**
 * The singleton key of a run (`stately` queues: one queued per key): per organisation for the
 * per-organisation queues, so that one organisation's run does not hold another's back; none for
 * platform-wide jobs (as the start-up catch-up sends them, so a schedule firing meanwhile adds nothing).
 */
export function singletonKeyOf(queue: JobQueue, organisationId: string | null): string | undefined {
  return definitionOf(queue)?.scope === 'per-organisation' ? (organisationId ?? 'platform') : undefined;
}

/** pg-boss's half: what `schedule`/`unschedule` need (the runner's boss and the API's both fit). */
export interface ScheduleBoss {
  schedule(name: string, cron: string, data?: object, options?: object): Promise<void>;
  unschedule(name: string, key?: string): Promise<void>;
}

/** Writes one job's schedule to pg-boss's shared schedule table (or removes it when not active). */
export async function applySchedule(boss: ScheduleBoss, target: ScheduleTarget): Promise<void> {
  const key = scheduleKeyOf(target.organisationId);
  if (!target.active) {
    await boss.unschedule(target.queue, key);
    return;
  }
  await boss.schedule(target.queue, target.cron, jobDataOf(target.queue, target.organisationId), {
    tz: target.timeZone,
    key,
    ...(singletonKeyOf(target.queue, target.organisationId) ? { singletonKey: singletonKeyOf(target.queue, target.organisationId) } : {}),
    // The offset: each run sent at the cron instant starts this many seconds later.
    ...(target.offsetMinutes > 0 ? { startAfter: target.offsetMinutes * 60 } : {}),
  });
}
