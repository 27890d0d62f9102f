import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export interface ScheduledJobRow {
  id: string;
  queue: string;
  organisation_id: string | null;
  organisation_slug: string | null;
  cron: string;
  time_zone: string;
  offset_minutes: number;
  enabled: boolean;
  paused: boolean;
  updated_at: Date | null;
  updated_by: string | null;
}

/** One run of a job as pg-boss's job table has it. */
export interface JobRunRow {
  queue: string;
  /** The run's `organisationId` (null: none, or the platform's own). */
  organisation_id: string | null;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  message: string | null;
}

export type ScheduledJobChange = Partial<Pick<ScheduledJobRow, 'cron' | 'time_zone' | 'offset_minutes' | 'enabled' | 'paused'>> & { updated_by: string };

/** The staff's settings of the scheduled jobs (`scheduled_jobs`, 0017) and the runs pg-boss keeps. */
export class ScheduledJobsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private select() {
    return this.db
      .selectFrom('scheduled_jobs as j')
      .leftJoin('organisations as o', 'o.id', 'j.organisation_id')
      .select(['j.id', 'j.queue', 'j.organisation_id', 'o.slug as organisation_slug', 'j.cron', 'j.time_zone', 'j.offset_minutes', 'j.enabled', 'j.paused', 'j.updated_at', 'j.updated_by']);
  }

  /** The organisations' ids (a per-organisation job has one row each). */
  async organisationIds(): Promise<string[]> {
    return (await this.db.selectFrom('organisations').select('id').orderBy('id').execute()).map((o) => o.id);
  }

  /** Adds the rows that are missing, with their defaults (never changes a row that exists); answers the ids it added. */
  async ensure(rows: ReadonlyArray<{ queue: string; organisationId: string | null; cron: string; timeZone: string }>): Promise<string[]> {
    if (rows.length === 0) return [];
    const added = await this.db
      .insertInto('scheduled_jobs')
      .values(rows.map((r) => ({ id: newId(), queue: r.queue, organisation_id: r.organisationId, cron: r.cron, time_zone: r.timeZone })))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    return added.map((r) => r.id);
  }

  /** Every row (`organisationId` undefined), or the platform-wide ones and one organisation's. */
  async list(filter: { organisationId?: string | undefined; queues: readonly string[] }): Promise<ScheduledJobRow[]> {
    if (filter.queues.length === 0) return [];
    let query = this.select().where('j.queue', 'in', filter.queues);
    if (filter.organisationId !== undefined) {
      const organisationId = filter.organisationId;
      query = query.where((eb) => eb.or([eb('j.organisation_id', 'is', null), eb('j.organisation_id', '=', organisationId)]));
    }
    return query.orderBy('j.queue').orderBy(sql`o.slug NULLS FIRST`).execute();
  }

  async findById(id: string): Promise<ScheduledJobRow | undefined> {
    return this.select().where('j.id', '=', id).executeTakeFirst();
  }

  async update(id: string, change: ScheduledJobChange): Promise<void> {
    await this.db
      .updateTable('scheduled_jobs')
      .set({ ...change, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Puts a row back as it was (a change pg-boss did not take). */
  async restore(row: ScheduledJobRow): Promise<void> {
    await this.db
      .updateTable('scheduled_jobs')
      .set({ cron: row.cron, time_zone: row.time_zone, offset_minutes: row.offset_minutes, enabled: row.enabled, paused: row.paused, updated_at: row.updated_at, updated_by: row.updated_by })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * The latest runs (at most `runs` per queue and organisation) and the latest failures (at most
   * `errors`), from pg-boss's job table, newest first.
   */
  async runs(schema: string, queues: readonly string[], limits: { runs: number; errors: number }): Promise<{ runs: JobRunRow[]; errors: JobRunRow[] }> {
    if (queues.length === 0) return { runs: [], errors: [] };
    const job = sql.table(`${schema}.job`);
    const pick = (where: ReturnType<typeof sql>, limit: number) => sql<JobRunRow>`
      SELECT queue, organisation_id, state, created_on, started_on, completed_on, message FROM (
        SELECT name AS queue, data->>'organisationId' AS organisation_id, state::text AS state, created_on, started_on, completed_on,
          left(coalesce(output->>'message', output::text), 500) AS message,
          row_number() OVER (PARTITION BY name, data->>'organisationId' ORDER BY created_on DESC, id) AS n
        FROM ${job} WHERE name IN (${sql.join(queues)}) AND ${where}
      ) runs WHERE n <= ${limit} ORDER BY created_on DESC`;
    const [runs, errors] = await Promise.all([pick(sql`true`, limits.runs).execute(this.db), pick(sql`state IN ('failed', 'retry') AND output IS NOT NULL`, limits.errors).execute(this.db)]);
    return { runs: runs.rows, errors: errors.rows };
  }
}
