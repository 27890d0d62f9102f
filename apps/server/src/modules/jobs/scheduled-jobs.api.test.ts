import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { JOB_QUEUES } from '../../jobs/catalogue.ts';
import { PgBossScheduleControl } from '../../jobs/control.ts';
import { silentLog } from '../../jobs/log.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { EcbClient } from '../../integrations/ecb/client.ts';
import { EntsoeClient } from '../../integrations/entsoe/client.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { AccessRepository } from '../access/repository.ts';
import { AccessService } from '../access/service.ts';
import { AuditLogRepository, AuditRepository } from '../audit/repository.ts';
import { AuditRetention } from '../audit/retention.ts';
import { AuditService } from '../audit/service.ts';
import { MarketRepository } from '../market/repository.ts';
import { MarketDataService } from '../market/service.ts';
import { ScheduledJobsRepository } from './repository.ts';
import { nextRunOf, ScheduledJobsService } from './service.ts';

interface Job {
  _id: string;
  name: string;
  organisation: string | null;
  queueType: string;
  schedule: { cron: string; offset: number; timeZone: string };
  nextRunAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  status: string;
  editable: boolean;
  enabled: boolean;
  paused: boolean;
  errors: Array<{ message: string; date: string }>;
  runs: Array<{ state: string }>;
}

let t: TestApp;
const tokens = { admin: '', developer: '', marketing: '', user: '', koivuAdmin: '', platform: '' };
let solvikId: string;

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  solvikId = (await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query: string) => call(t.app, { method: 'GET', url: `/v3/queues/scheduled-jobs?${query}`, token });
const patch = (token: string, id: string, payload: object) => call(t.app, { method: 'PATCH', url: `/v3/queues/scheduled-jobs/${id}`, token, payload });
const act = (token: string, id: string, action: string) => call(t.app, { method: 'PUT', url: `/v3/queues/scheduled-jobs/${id}/${action}`, token });
const jobsOf = async (token: string, query = 'queueTypes=account,iot,data,report,secrets,settings'): Promise<Job[]> => {
  const res = await list(token, query);
  expect(res.status).toBe(200);
  return res.body.data;
};
const solvikRetention = async (): Promise<Job> => (await jobsOf(tokens.admin, 'queueTypes=settings')).find((j) => j.organisation === 'solvik')!;
const platformJob = async (name: string): Promise<Job> => (await jobsOf(tokens.platform, 'queueTypes=data,settings')).find((j) => j.name === name && j.organisation === null)!;
/** pg-boss's own schedule rows of a queue (the shared table the one cron pass reads). */
const bossSchedules = async (queue: string) =>
  (await sql<{ key: string; cron: string; timezone: string; data: unknown; options: Record<string, unknown> }>`SELECT key, cron, timezone, data, options FROM pgboss.schedule WHERE name = ${queue} ORDER BY key`.execute(t.db)).rows;
const auditOf = (id: string) => t.db.selectFrom('audit_logs').selectAll().where('subject_type', '=', 'scheduled-job').where('subject_id', '=', id).orderBy('seq').execute();

describe('GET /v3/queues/scheduled-jobs', () => {
  it('shows an organisation admin their organisation’s jobs (editable) and the platform-wide ones (read-only, without errors), nobody else’s', async () => {
    const jobs = await jobsOf(tokens.admin);
    expect(jobs.map((j) => [j.name, j.organisation, j.queueType, j.editable]).sort()).toEqual(
      [
        ['audit-retention', null, 'settings', false],
        ['audit-retention', 'solvik', 'settings', true],
        ['demo-daily-feed', null, 'data', false],
        ['ecb-rates', null, 'data', false],
        ['entsoe-day-ahead', null, 'data', false],
      ].sort(),
    );
    const own = jobs.find((j) => j.organisation === 'solvik')!;
    expect(own).toMatchObject({ schedule: { cron: '15 3 * * *', offset: 0, timeZone: 'Europe/Brussels' }, status: 'waiting', enabled: true, paused: false, errors: [], runs: [] });
    expect(Date.parse(own.nextRunAt!)).toBeGreaterThan(Date.now());
    // an organisation's job is scheduled in pg-boss from its first listing (no runner has started here)
    expect((await bossSchedules(JOB_QUEUES.auditRetention)).find((s) => s.key === solvikId)).toMatchObject({ cron: '15 3 * * *', timezone: 'Europe/Brussels', data: { organisationId: solvikId } });
    // the developer reads the same; the platform admin every organisation's
    expect((await jobsOf(tokens.developer)).map((j) => j._id).sort()).toEqual(jobs.map((j) => j._id).sort());
    const all = await jobsOf(tokens.platform, 'queueTypes=settings');
    expect(all.filter((j) => j.organisation !== null).length).toBeGreaterThanOrEqual(3);
    expect(all.every((j) => j.editable)).toBe(true);
    expect((await jobsOf(tokens.platform, 'queueTypes=settings&organisation=koivu')).map((j) => j.organisation).sort()).toEqual(['koivu', null].sort());
  });

  it('filters by queue type and refuses an unknown one, a missing list, a NUL byte, another organisation and a scope without the right', async () => {
    expect((await jobsOf(tokens.admin, 'queueTypes=data')).map((j) => j.queueType)).toEqual(['data', 'data', 'data']);
    expect(await jobsOf(tokens.admin, 'queueTypes=iot,report')).toEqual([]);
    const unknown = await list(tokens.admin, 'queueTypes=data,weather');
    expect([unknown.status, unknown.body.key]).toEqual([400, 'UNKNOWN_QUEUE_TYPE']);
    expect((await list(tokens.admin, 'queueTypes=')).status).toBe(400);
    expect((await list(tokens.admin, '')).status).toBe(400);
    const nul = await list(tokens.admin, 'queueTypes=data%00');
    expect(nul.status).toBe(400);
    expect((await list(tokens.koivuAdmin, 'queueTypes=data&organisation=solvik')).status).toBe(404);
    expect((await list(tokens.marketing, 'queueTypes=data')).status).toBe(403);
    expect((await list(tokens.user, 'queueTypes=data')).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v3/queues/scheduled-jobs?queueTypes=data' })).status).toBe(401);
  });
});

describe('PATCH /v3/queues/scheduled-jobs/{id}', () => {
  it('changes the schedule, writes it to pg-boss’s schedule table at once and audits it with before and after', async () => {
    const job = await solvikRetention();
    const res = await patch(tokens.developer, job._id, { schedule: { cron: '45 4 * * 1-5', timeZone: 'Europe/Stockholm', offset: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ schedule: { cron: '45 4 * * 1-5', timeZone: 'Europe/Stockholm', offset: 10 }, enabled: true });
    expect(res.body.data.nextRunAt).toBe(nextRunOf('45 4 * * 1-5', 'Europe/Stockholm', 10, new Date())!.toISOString());
    const schedules = await bossSchedules(JOB_QUEUES.auditRetention);
    expect(schedules.find((s) => s.key === solvikId)).toMatchObject({ cron: '45 4 * * 1-5', timezone: 'Europe/Stockholm', data: { organisationId: solvikId }, options: { startAfter: 600, singletonKey: solvikId } });
    const [entry] = await auditOf(job._id);
    expect(entry).toMatchObject({ action: 'job.update', actor_email: demoStaffEmail('solvik', 'ORG_DEVELOPER'), organisation_id: solvikId });
    expect(entry!.before).toMatchObject({ schedule: { cron: '15 3 * * *', timeZone: 'Europe/Brussels', offset: 0 } });
    expect(entry!.after).toMatchObject({ schedule: { cron: '45 4 * * 1-5', timeZone: 'Europe/Stockholm', offset: 10 } });
  });

  it('refuses a cron that does not parse, an unknown time zone, an offset out of range, a NUL byte and extra fields, changing nothing', async () => {
    const job = await solvikRetention();
    const tries: Array<[object, number, string]> = [
      [{ schedule: { cron: 'every day at three' } }, 400, 'INVALID_CRON'],
      [{ schedule: { cron: '61 3 * * *' } }, 400, 'INVALID_CRON'],
      [{ schedule: { timeZone: 'Europe/Atlantis' } }, 400, 'INVALID_TIME_ZONE'],
      [{ schedule: { offset: 1440 } }, 400, 'JOB_OFFSET_OUT_OF_RANGE'],
      [{ schedule: { offset: -1 } }, 400, 'JOB_OFFSET_OUT_OF_RANGE'],
      [{ schedule: { cron: '0 3 * * *\u0000' } }, 400, ''],
      [{ enabled: true, extra: 1 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, key] of tries) {
      const res = await patch(tokens.admin, job._id, payload);
      expect([JSON.stringify(payload), res.status], JSON.stringify(res.body)).toEqual([JSON.stringify(payload), status]);
      if (key) expect(res.body.key).toBe(key);
    }
    expect((await solvikRetention()).schedule).toEqual(job.schedule);
  });

  it('lets organisation staff change only their organisation’s jobs: a platform-wide job is 403, another organisation’s 404', async () => {
    const own = await solvikRetention();
    const platform = await platformJob(JOB_QUEUES.ecbRates);
    expect((await patch(tokens.koivuAdmin, own._id, { enabled: true })).status).toBe(404);
    expect((await act(tokens.koivuAdmin, own._id, 'pause')).status).toBe(404);
    expect((await patch(tokens.marketing, own._id, { enabled: true })).status).toBe(403);
    const refused = await patch(tokens.admin, platform._id, { schedule: { cron: '0 17 * * *' } });
    expect([refused.status, refused.body.key]).toEqual([403, 'JOB_NOT_EDITABLE']);
    expect((await act(tokens.admin, platform._id, 'trigger')).body.key).toBe('JOB_NOT_EDITABLE');
    expect((await patch(tokens.admin, '0123456789abcdef01234567', { enabled: true })).status).toBe(404);
    // the platform admin may
    const changed = await patch(tokens.platform, platform._id, { schedule: { cron: '35 16 * * 1-5' } });
    expect(changed.status).toBe(200);
    expect((await bossSchedules(JOB_QUEUES.ecbRates)).find((s) => s.key === '')).toMatchObject({ cron: '35 16 * * 1-5', timezone: 'Europe/Brussels' });
  });
});

describe('PUT /v3/queues/scheduled-jobs/{id}/{action}', () => {
  it('refuses an unknown action', async () => {
    const job = await solvikRetention();
    const res = await act(tokens.admin, job._id, 'restart');
    expect([res.status, res.body.key]).toEqual([400, 'UNKNOWN_JOB_ACTION']);
    expect((await act(tokens.admin, job._id, 'PAUSE')).body.key).toBe('UNKNOWN_JOB_ACTION');
  });

  it('pause stops the job being scheduled and play resumes it, in the runner too after a restart; trigger runs it once', async () => {
    const job = await solvikRetention();
    const paused = await act(tokens.admin, job._id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ paused: true, status: 'paused', nextRunAt: null });
    expect((await bossSchedules(JOB_QUEUES.auditRetention)).map((s) => s.key)).not.toContain(solvikId);

    // The process that runs the jobs starts (again): it reads the staff's settings and leaves the paused job unscheduled.
    const scheduled = new ScheduledJobsService(new ScheduledJobsRepository(t.db), { access: new AccessService(new AccessRepository(t.db)), audit: new AuditService(new AuditRepository(t.db)), control: new PgBossScheduleControl(t.db) });
    const runner = await JobRunner.start({
      db: t.db,
      market: new MarketDataService({ repository: new MarketRepository(t.db) }),
      entsoe: new EntsoeClient({ baseUrl: 'http://127.0.0.1:9', securityToken: 'unused' }),
      ecb: new EcbClient({ baseUrl: 'http://127.0.0.1:9' }),
      log: silentLog,
      auditRetention: new AuditRetention(new AuditLogRepository(t.db), new AuditService(new AuditRepository(t.db))),
      schedules: () => scheduled.targets(),
      startupCatchUp: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const keys = async () => (await runner.schedules()).filter((s) => s.name === JOB_QUEUES.auditRetention).map((s) => s.key);
      expect(await keys()).not.toContain(solvikId);
      expect(await keys()).toContain('');
      // the platform admin's earlier change survived the restart
      expect((await runner.schedules()).find((s) => s.name === JOB_QUEUES.ecbRates)).toMatchObject({ cron: '35 16 * * 1-5' });

      const played = await act(tokens.admin, job._id, 'play');
      expect(played.body.data).toMatchObject({ paused: false });
      expect(played.body.data.nextRunAt).not.toBeNull();
      expect(await keys()).toContain(solvikId);

      // Trigger: one run of solvik's clean-up only, worked by the runner.
      const retentionEntries = () => t.db.selectFrom('audit_logs').select(['organisation_id']).where('action', '=', 'audit.retention').execute();
      const before = await retentionEntries();
      const triggered = await act(tokens.admin, job._id, 'trigger');
      expect(triggered.status).toBe(200);
      expect(['waiting', 'running', 'completed']).toContain(triggered.body.data.status);
      let done: Job | undefined;
      for (let i = 0; i < 100 && !done; i += 1) {
        const now = await solvikRetention();
        if (now.status === 'completed') done = now;
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(done).toBeDefined();
      expect(done!.runs.map((r) => r.state)).toEqual(['completed']);
      expect(done!.startedAt).not.toBeNull();
      expect(done!.completedAt).not.toBeNull();
      const after = await retentionEntries();
      expect(after.length - before.length).toBe(1);
      expect(after.filter((e) => e.organisation_id === solvikId).length - before.filter((e) => e.organisation_id === solvikId).length).toBe(1);
    } finally {
      await runner.stop({ graceful: false });
    }
    const actions = (await auditOf(job._id)).map((e) => e.action);
    expect(actions.slice(-3)).toEqual(['job.pause', 'job.play', 'job.trigger']);
  }, 60_000);

  it('turns a job off and on: off is not scheduled and refuses a trigger', async () => {
    const job = await solvikRetention();
    const off = await patch(tokens.admin, job._id, { enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, status: 'paused', nextRunAt: null });
    expect((await bossSchedules(JOB_QUEUES.auditRetention)).map((s) => s.key)).not.toContain(solvikId);
    const refused = await act(tokens.admin, job._id, 'trigger');
    expect([refused.status, refused.body.key]).toEqual([409, 'JOB_DISABLED']);
    expect((await patch(tokens.admin, job._id, { enabled: true })).body.data.enabled).toBe(true);
    expect((await bossSchedules(JOB_QUEUES.auditRetention)).map((s) => s.key)).toContain(solvikId);
  });

  it('shows a failed run’s error, newest first, to the organisation’s staff', async () => {
    const job = await solvikRetention();
    await sql`INSERT INTO pgboss.job (name, data, state, started_on, completed_on, output) VALUES
      (${JOB_QUEUES.auditRetention}, ${JSON.stringify({ organisationId: solvikId })}::jsonb, 'failed', now() - interval '2 minutes', now() - interval '1 minute', '{"message":"connection refused"}'::jsonb)`.execute(t.db);
    const now = await solvikRetention();
    expect(now.errors[0]).toMatchObject({ message: 'connection refused' });
    expect(now.status).toBe('failed');
    expect(now._id).toBe(job._id);
    // another organisation's staff see none of it
    expect((await jobsOf(tokens.koivuAdmin, 'queueTypes=settings')).some((j) => j._id === job._id)).toBe(false);
  });
});
