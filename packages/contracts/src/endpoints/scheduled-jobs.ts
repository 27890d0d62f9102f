import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { ListScheduledJobsQuery, ScheduledJob, scheduledJobManagers, scheduledJobReaders, UpdateScheduledJobRequest } from '../scheduled-jobs.ts';

/**
 * Scheduled jobs (spec 002 §7, issue 17, decision 0045), on the server's pg-boss queues and
 * schedules. Read by ADMIN and SUPPORT (every job) and by ORG_ADMIN and ORG_DEVELOPER (their
 * organisation's jobs, and the platform-wide ones read-only, without their errors); changed by
 * ADMIN (every job) and by ORG_ADMIN and ORG_DEVELOPER (their organisation's jobs only: a
 * platform-wide job is `403 JOB_NOT_EDITABLE`, another organisation's `404`). Every change is an
 * audit entry (`job.update`, `job.pause`, `job.play`, `job.trigger`) with before and after.
 */

const IdParams = z.object({ id: Id });
const exampleId = { id: '64b7f0c2a1d3e4f5a6b7c8d9' };
const scopes = 'Reads: ADMIN, SUPPORT, ORG_ADMIN, ORG_DEVELOPER. Changes: ADMIN (every job), ORG_ADMIN and ORG_DEVELOPER (their organisation’s jobs only; a platform-wide job answers 403 JOB_NOT_EDITABLE).';

export const listScheduledJobs = endpoint({
  method: 'GET',
  path: '/v3/queues/scheduled-jobs',
  operationId: 'listScheduledJobs',
  tag: 'scheduled jobs',
  summary: 'The scheduled jobs of the queue types asked for, with their schedule, next run, status and latest errors',
  description:
    '`queueTypes` (required): a comma list of account, iot, data, report, secrets, settings; an unknown type is `400 UNKNOWN_QUEUE_TYPE`. ' +
    'Organisation staff see their organisation’s jobs and the platform-wide ones (read-only, `editable` false, without errors); ' +
    `platform staff every job, or with \`organisation\` that organisation’s and the platform-wide ones. ${scopes}`,
  auth: { scopes: scheduledJobReaders },
  query: ListScheduledJobsQuery,
  response: { data: z.array(ScheduledJob) },
  errors: ['UNKNOWN_QUEUE_TYPE', 'UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { queueTypes: 'data,settings' } },
});

export const updateScheduledJob = endpoint({
  method: 'PATCH',
  path: '/v3/queues/scheduled-jobs/{id}',
  operationId: 'updateScheduledJob',
  tag: 'scheduled jobs',
  summary: "Change a job's schedule (cron, offset in minutes, time zone) or turn it on or off",
  description:
    'The change is written to pg-boss’s shared schedule table at once, so the process that runs the jobs follows it from its next minute, and is kept in `scheduled_jobs` for restarts. ' +
    'A cron that does not parse is `400 INVALID_CRON`, an unknown IANA zone `400 INVALID_TIME_ZONE`, an offset outside 0–1439 minutes `400 JOB_OFFSET_OUT_OF_RANGE`. ' +
    scopes,
  auth: { scopes: scheduledJobManagers },
  params: IdParams,
  body: UpdateScheduledJobRequest,
  response: { data: ScheduledJob },
  errors: ['INVALID_CRON', 'INVALID_TIME_ZONE', 'JOB_OFFSET_OUT_OF_RANGE', 'JOB_NOT_EDITABLE', 'NOT_FOUND', 'JOBS_UNAVAILABLE'],
  examples: { params: exampleId, body: { schedule: { cron: '15 3 * * *', offset: 0, timeZone: 'Europe/Stockholm' }, enabled: true } },
});

export const actOnScheduledJob = endpoint({
  method: 'PUT',
  path: '/v3/queues/scheduled-jobs/{id}/{action}',
  operationId: 'actOnScheduledJob',
  tag: 'scheduled jobs',
  summary: 'Play (resume the schedule), pause (suspend it) or trigger (run the job once, now)',
  description:
    '`action`: play, pause or trigger; anything else is `400 UNKNOWN_JOB_ACTION`. A trigger of a disabled job is `409 JOB_DISABLED`; a trigger while a run is already queued adds none. ' +
    scopes,
  auth: { scopes: scheduledJobManagers },
  params: z.object({ id: Id, action: z.string().max(20).describe('play, pause or trigger') }),
  response: { data: ScheduledJob },
  errors: ['UNKNOWN_JOB_ACTION', 'JOB_NOT_EDITABLE', 'JOB_DISABLED', 'NOT_FOUND', 'JOBS_UNAVAILABLE'],
  examples: { params: { ...exampleId, action: 'pause' } },
});
