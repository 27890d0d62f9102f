import { fromKysely, PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';
import { applySchedule, jobDataOf, QUEUE_OPTIONS, singletonKeyOf, type JobQueue, type ScheduleTarget } from './catalogue.ts';

/** What the staff's job calls need of pg-boss (decision 0045). */
export interface ScheduleControl {
  /** pg-boss's schema exists (its job table can be read). */
  ready(): Promise<void>;
  /** Writes the job's schedule to pg-boss's shared schedule table, or removes it. */
  apply(target: ScheduleTarget): Promise<void>;
  /** Sends one run now; null when one is already queued (the queues are `stately`). */
  trigger(queue: JobQueue, organisationId: string | null): Promise<string | null>;
}

/**
 * The API's side of the scheduled jobs: a pg-boss without workers, supervision or its own cron
 * pass, on the application's database. A schedule written here lands in pg-boss's schedule
 * table, which every process shares and which the one cron pass (in the process that runs the
 * jobs, the primary under WORKERS) reads every 30 seconds: a change takes effect there at once
 * and exactly once, whichever API process took the call. Started at the first use.
 */
export class PgBossScheduleControl implements ScheduleControl {
  readonly #db: Db;
  readonly #schema: string;
  #ready: Promise<PgBoss> | null = null;
  readonly #queues = new Set<string>();

  constructor(db: Db, options: { schema?: string } = {}) {
    this.#db = db;
    this.#schema = options.schema ?? 'pgboss';
  }

  get schema(): string {
    return this.#schema;
  }

  async ready(): Promise<void> {
    await this.#boss();
  }

  async apply(target: ScheduleTarget): Promise<void> {
    const boss = await this.#queue(target.queue);
    await applySchedule(boss, target);
  }

  async trigger(queue: JobQueue, organisationId: string | null): Promise<string | null> {
    const boss = await this.#queue(queue);
    const singletonKey = singletonKeyOf(queue, organisationId);
    return boss.send(queue, jobDataOf(queue, organisationId), singletonKey ? { singletonKey } : {});
  }

  /** The queue exists (the runner creates it at start; an API process may come first). */
  async #queue(queue: JobQueue): Promise<PgBoss> {
    const boss = await this.#boss();
    if (!this.#queues.has(queue)) {
      if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { policy: 'stately', ...QUEUE_OPTIONS[queue] });
      this.#queues.add(queue);
    }
    return boss;
  }

  #boss(): Promise<PgBoss> {
    this.#ready ??= (async () => {
      const boss = new PgBoss({ db: fromKysely(this.#db), schema: this.#schema, supervise: false, schedule: false, application_name: 'gridline-api' });
      boss.on('error', () => {});
      await boss.start();
      return boss;
    })().catch((error: unknown) => {
      this.#ready = null;
      throw error;
    });
    return this.#ready;
  }

  async stop(): Promise<void> {
    const ready = this.#ready;
    this.#ready = null;
    if (ready) await (await ready.catch(() => null))?.stop({ graceful: false, close: false });
  }
}
