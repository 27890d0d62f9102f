import { fromKysely, PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';

/** The queues the API sends to (decision 0038); the job runner (`runner.ts`) works them. */
export const REQUESTED_JOB_QUEUES = {
  accountSync: 'account-sync',
  siteHistory: 'site-history-update',
  /** A change request's scheduled release (decision 0054): sent to start at its time. */
  settingsPublish: 'settings-publish',
} as const;
export type RequestedJobQueue = (typeof REQUESTED_JOB_QUEUES)[keyof typeof REQUESTED_JOB_QUEUES];

/** `stately`: one queued and one running job per key (an account, a site), so a second request while one waits adds nothing. */
export const REQUESTED_QUEUE_OPTIONS = { policy: 'stately', expireInSeconds: 900, retryLimit: 2, retryDelay: 60 } as const;

/** Sends a job; answers its id, or null when one with the same key is already queued. */
export interface JobSender {
  send(queue: RequestedJobQueue, data: object, options: { singletonKey: string; startAfter?: Date }): Promise<string | null>;
}

/**
 * The API's side of pg-boss: it only sends (no workers, no schedules, no maintenance), on the
 * application's database, so that every API process can queue work that the process running the
 * jobs (`main.ts`, the primary under WORKERS) takes. Started at the first send; creates what it needs.
 */
export class PgBossJobSender implements JobSender {
  readonly #db: Db;
  readonly #schema: string;
  readonly #log: (message: string, error?: unknown) => void;
  #ready: Promise<PgBoss> | null = null;

  constructor(db: Db, options: { schema?: string; log?: (message: string, error?: unknown) => void } = {}) {
    this.#db = db;
    this.#schema = options.schema ?? 'pgboss';
    this.#log = options.log ?? (() => {});
  }

  async send(queue: RequestedJobQueue, data: object, options: { singletonKey: string; startAfter?: Date }): Promise<string | null> {
    try {
      const boss = await this.#boss();
      return await boss.send(queue, data, { singletonKey: options.singletonKey, ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
    } catch (error) {
      this.#log(`job sender: ${queue} not queued`, error);
      throw error;
    }
  }

  #boss(): Promise<PgBoss> {
    this.#ready ??= (async () => {
      const boss = new PgBoss({ db: fromKysely(this.#db), schema: this.#schema, supervise: false, schedule: false, application_name: 'gridline-api' });
      boss.on('error', (error) => this.#log('job sender', error));
      await boss.start();
      for (const queue of Object.values(REQUESTED_JOB_QUEUES)) {
        if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { ...REQUESTED_QUEUE_OPTIONS });
      }
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
