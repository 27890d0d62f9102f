import { fromKysely, PgBoss, type Job } from 'pg-boss';
import type { PriceZone } from '@gridline/contracts/enums';
import type { Db } from '../db/database.ts';
import type { EcbClient } from '../integrations/ecb/client.ts';
import type { EntsoeClient } from '../integrations/entsoe/client.ts';
import { addDays, deliveryDayOf } from '../integrations/entsoe/delivery-day.ts';
import type { AuditRetention } from '../modules/audit/retention.ts';
import type { MarketDataService } from '../modules/market/service.ts';
import type { MeasurementsService } from '../modules/measurements/service.ts';
import { runDayAhead, type DayAheadJobData } from './day-ahead.ts';
import { runDemoFeed } from './demo-feed.ts';
import { runEcbRates, type EcbRatesJobData } from './ecb-rates.ts';
import { describeError, type JobLog } from './log.ts';
import { dayAheadDaysToFetch } from './rules.ts';
import type { AccountSyncService } from '../modules/customers/sync.ts';
import type { SettingsPublishing } from '../modules/settings/publishing.ts';
import { REQUESTED_JOB_QUEUES, REQUESTED_QUEUE_OPTIONS, type RequestedJobQueue } from './sender.ts';
import { applySchedule, JOB_QUEUES, JOB_SCHEDULES, QUEUE_OPTIONS, scheduleKeyOf, type JobQueue, type ScheduleTarget } from './catalogue.ts';

/** A staff member's request (decision 0038): an account to sync, or a site whose history to rebuild. */
export interface AccountSyncJobData {
  organisationId: string;
  accountId: string;
  requestedBy?: string | null;
}
export interface SiteHistoryJobData {
  organisationId: string;
  locationId: string;
}

export { JOB_QUEUES, JOB_SCHEDULES, type JobQueue } from './catalogue.ts';

/** The schedules the runner starts from without a source: the catalogue's defaults, platform-wide. */
const defaultTargets = (): ScheduleTarget[] => JOB_SCHEDULES.map((s) => ({ queue: s.queue, organisationId: null, cron: s.cron, timeZone: s.tz, offsetMinutes: 0, active: true }));

export interface JobRunnerOptions {
  db: Db;
  market: MarketDataService;
  entsoe: EntsoeClient;
  ecb: EcbClient;
  log: JobLog;
  /** Present when the demo data is on: the daily demo feed runs (and catches up at start-up). */
  demoFeed?: { measurements: MeasurementsService; today?: string | undefined } | undefined;
  /** Present: the audit log's daily retention clean-up runs (decision 0037). */
  auditRetention?: AuditRetention | undefined;
  /** The clock the jobs decide by (tests fix it); pg-boss's own schedules follow the real clock. */
  now?: () => Date;
  /** The PostgreSQL schema pg-boss keeps its tables in. Default `pgboss`. */
  schema?: string;
  /** How often an idle worker looks for jobs. Default 2 s. */
  pollingIntervalSeconds?: number;
  /** The work behind the staff's sync and site-history requests (decision 0038); without it those queues wait. */
  accountSync?: AccountSyncService | undefined;
  /** Publishes the change requests whose time has come (decision 0054); without it scheduled releases wait. */
  settingsPublishing?: Pick<SettingsPublishing, 'publishDue'> | undefined;
  /**
   * The schedules as the staff left them (modules/jobs, decision 0045): read at start-up and
   * written to pg-boss's schedule table. Default: the catalogue's defaults.
   */
  schedules?: (() => Promise<ScheduleTarget[]>) | undefined;
  /** Run what is due at start-up (missing prices after 13:00, rates, the demo feed). Default true. */
  startupCatchUp?: boolean;
}

export interface QueuedJob {
  queue: JobQueue | RequestedJobQueue;
  id: string;
}

/**
 * The job worker: pg-boss on the application's database (through its Kysely pool, so it works
 * on whatever database the app uses, a test's clone included), with one queue, one schedule and
 * one worker per job. `start` creates what is missing and sends the start-up catch-up jobs;
 * `stop` ends the workers and the schedules (and leaves the queues and their jobs in the database).
 */
export class JobRunner {
  readonly #boss: PgBoss;
  readonly #options: JobRunnerOptions;
  readonly #now: () => Date;
  readonly #workers = new Map<JobQueue, string>();
  #startupJobs: QueuedJob[] = [];

  private constructor(boss: PgBoss, options: JobRunnerOptions) {
    this.#boss = boss;
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  static async start(options: JobRunnerOptions): Promise<JobRunner> {
    const log = options.log;
    const boss = new PgBoss({ db: fromKysely(options.db), schema: options.schema ?? 'pgboss', application_name: 'gridline-jobs' });
    boss.on('error', (error) => log.error(`jobs: ${describeError(error)}`));
    boss.on('warning', (warning) => log.warn(`jobs: ${warning.message}`));
    await boss.start();
    const runner = new JobRunner(boss, options);
    try {
      await runner.#setUp();
    } catch (error) {
      await boss.stop({ graceful: false });
      throw error;
    }
    return runner;
  }

  /** The jobs sent at start-up (to wait for them in tests). */
  get startupJobs(): readonly QueuedJob[] {
    return this.#startupJobs;
  }

  /** Queues a job to run now and waits for it; answers its output, or throws its error. */
  async run(queue: JobQueue, data: object = {}, timeoutMs = 60_000): Promise<unknown> {
    const id = await this.#boss.send(queue, data);
    if (id === null) throw new Error(`${queue}: a job is already queued`);
    this.#wake(queue);
    return this.waitFor({ queue, id }, timeoutMs);
  }

  /** Waits until a job has completed (answers its output) or failed (throws its error). */
  async waitFor(job: QueuedJob, timeoutMs = 60_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [found] = await this.#boss.findJobs(job.queue, { id: job.id });
      if (!found) throw new Error(`${job.queue}: no job ${job.id}`);
      if (found.state === 'completed') return found.output;
      if (found.state === 'failed' || found.state === 'cancelled') {
        throw new Error(`${job.queue} ${found.state}: ${JSON.stringify(found.output)}`);
      }
      if (Date.now() > deadline) throw new Error(`${job.queue}: job ${job.id} still ${found.state} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The jobs of a queue that wait for a later start (the day-ahead retries). */
  async queued(queue: JobQueue): Promise<Array<{ id: string; data: object; startAfter: Date; singletonKey: string | null }>> {
    const jobs = await this.#boss.findJobs<object>(queue, { queued: true });
    return jobs.map((j) => ({ id: j.id, data: j.data, startAfter: j.startAfter, singletonKey: j.singletonKey }));
  }

  /** The schedules pg-boss holds for our queues. */
  async schedules(): Promise<Array<{ name: string; key: string; cron: string; timezone: string; data: unknown; options: unknown }>> {
    const all = await this.#boss.getSchedules();
    return all.map((s) => ({ name: s.name, key: s.key, cron: s.cron, timezone: s.timezone, data: s.data, options: s.options }));
  }

  /**
   * Stops the workers and the scheduler. `graceful` (the default) lets a running job finish for
   * up to `timeoutMs`; otherwise running jobs are failed at once (to run again on the next start).
   */
  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    await this.#boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 10_000, close: false });
  }

  async #setUp(): Promise<void> {
    const { demoFeed } = this.#options;
    const queues = Object.values(JOB_QUEUES);
    for (const queue of queues) await this.#boss.createQueue(queue, { policy: 'stately', ...QUEUE_OPTIONS[queue] });
    // The staff's schedules (or the defaults); a job this process cannot run is not scheduled, and
    // a schedule no longer wanted (an organisation gone) is removed.
    const targets = this.#options.schedules ? await this.#options.schedules() : defaultTargets();
    const unavailable = (queue: JobQueue) => (queue === JOB_QUEUES.demoFeed && !demoFeed) || (queue === JOB_QUEUES.auditRetention && !this.#options.auditRetention);
    for (const target of targets) await applySchedule(this.#boss, unavailable(target.queue) ? { ...target, active: false } : target);
    const wanted = new Set(targets.map((t) => `${t.queue}|${scheduleKeyOf(t.organisationId)}`));
    for (const existing of await this.#boss.getSchedules()) {
      if ((queues as readonly string[]).includes(existing.name) && !wanted.has(`${existing.name}|${existing.key}`)) await this.#boss.unschedule(existing.name, existing.key);
    }
    const workOptions = { pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2, batchSize: 1 };
    this.#workers.set(JOB_QUEUES.dayAhead, await this.#boss.work<DayAheadJobData>(JOB_QUEUES.dayAhead, workOptions, ([job]) => this.#dayAhead(job)));
    this.#workers.set(JOB_QUEUES.ecbRates, await this.#boss.work<EcbRatesJobData>(JOB_QUEUES.ecbRates, workOptions, ([job]) => this.#ecbRates(job)));
    if (demoFeed) this.#workers.set(JOB_QUEUES.demoFeed, await this.#boss.work<object>(JOB_QUEUES.demoFeed, workOptions, ([job]) => this.#demoFeed(job)));
    if (this.#options.auditRetention) this.#workers.set(JOB_QUEUES.auditRetention, await this.#boss.work<{ organisationId?: string | null }>(JOB_QUEUES.auditRetention, workOptions, ([job]) => this.#auditRetention(job)));
    const sync = this.#options.accountSync;
    if (sync) {
      for (const queue of Object.values(REQUESTED_JOB_QUEUES)) {
        if (!(await this.#boss.getQueue(queue))) await this.#boss.createQueue(queue, { ...REQUESTED_QUEUE_OPTIONS });
      }
      await this.#boss.work<AccountSyncJobData>(REQUESTED_JOB_QUEUES.accountSync, workOptions, async ([job]) => (job ? sync.syncAccount(job.data.organisationId, job.data.accountId, job.data.requestedBy ?? null) : {}));
      await this.#boss.work<SiteHistoryJobData>(REQUESTED_JOB_QUEUES.siteHistory, workOptions, async ([job]) => (job ? sync.updateSiteHistory(job.data.organisationId, job.data.locationId) : {}));
    }
    const publishing = this.#options.settingsPublishing;
    if (publishing) {
      const queue = REQUESTED_JOB_QUEUES.settingsPublish;
      if (!(await this.#boss.getQueue(queue))) await this.#boss.createQueue(queue, { ...REQUESTED_QUEUE_OPTIONS });
      // Every request due by now, the one the job was sent for among them (a moved schedule sent another).
      await this.#boss.work<object>(queue, workOptions, async () => publishing.publishDue());
    }
    if (this.#options.startupCatchUp ?? true) await this.#catchUp();
  }

  /** Start-up: tomorrow's prices when they are due and missing, the rates, and the demo feed. */
  async #catchUp(): Promise<void> {
    const now = this.#now();
    const zones = await this.#options.market.priceZonesInUse();
    const today = deliveryDayOf(now);
    const states = await this.#options.market.dayStates(zones, [today, addDays(today, 1)]);
    const due = zones.some((zone) => dayAheadDaysToFetch(now, (day) => states.get(`${zone}|${day}`)).length > 0);
    const send = async (queue: JobQueue) => {
      const id = await this.#boss.send(queue, {});
      if (id !== null) this.#startupJobs.push({ queue, id });
      this.#wake(queue);
    };
    if (due) await send(JOB_QUEUES.dayAhead);
    await send(JOB_QUEUES.ecbRates);
    if (this.#options.demoFeed) await send(JOB_QUEUES.demoFeed);
  }

  #wake(queue: JobQueue): void {
    const worker = this.#workers.get(queue);
    if (worker) this.#boss.notifyWorker(worker);
  }

  async #dayAhead(job: Job<DayAheadJobData> | undefined): Promise<object> {
    const { market, entsoe, log } = this.#options;
    const outcomes = await runDayAhead(
      {
        market,
        entsoe,
        log,
        now: this.#now,
        scheduleRetry: async (zone: PriceZone, day: string, at: Date) => {
          // A delay rather than an instant: the database's clock decides when it is due.
          const seconds = Math.max(1, Math.round((at.getTime() - this.#now().getTime()) / 1000));
          await this.#boss.send(JOB_QUEUES.dayAhead, { day, zones: [zone] }, { startAfter: seconds, singletonKey: `${day}:${zone}` });
        },
      },
      job?.data ?? {},
    );
    return { outcomes };
  }

  async #ecbRates(job: Job<EcbRatesJobData> | undefined): Promise<object> {
    return runEcbRates({ market: this.#options.market, ecb: this.#options.ecb, now: this.#now, log: this.#options.log }, job?.data ?? {});
  }

  /** One organisation's clean-up (`organisationId`), the platform's own entries (null), or, as before decision 0045, all (absent). */
  async #auditRetention(job: Job<{ organisationId?: string | null }> | undefined): Promise<object> {
    const { auditRetention, log } = this.#options;
    if (!auditRetention) return { skipped: true };
    const only = job?.data.organisationId;
    const outcomes = await auditRetention.run(this.#now(), only === undefined ? undefined : { organisationId: only });
    const deleted = outcomes.reduce((sum, o) => sum + o.deleted, 0);
    if (deleted > 0) log.info(`audit-retention: ${deleted} entries past their organisation's retention removed`);
    return { outcomes };
  }

  async #demoFeed(job: Job<object> | undefined): Promise<object> {
    const { demoFeed, market, entsoe, ecb, log, db } = this.#options;
    if (!demoFeed) return { skipped: true };
    return runDemoFeed({ db, measurements: demoFeed.measurements, market, entsoe, ecb, log, now: this.#now, today: demoFeed.today, signal: job?.signal });
  }
}
