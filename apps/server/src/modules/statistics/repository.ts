import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { visibleLocationStatusesSql } from '../access/fragments.ts';

/** A count per day (`YYYY-MM-DD`) and, for kinds with several series, per name. */
export interface DayCount {
  day: string;
  name: string;
  value: number;
}

/** One read service's latest metered hour (null: never read). */
export interface ServiceLatest {
  location_id: string;
  latest_start: Date | null;
}

export interface JobFailureRow {
  queue: string;
  organisation_id: string | null;
  /** When the earlier of its two latest failed runs ended. */
  since: Date;
}

/** The range of a statistics read: the organisation's days and the instants they cover. */
export interface DayRange {
  organisationId: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  from: Date;
  to: Date;
}

const int = (value: unknown): number => Number(value ?? 0);

/**
 * The statistics of one organisation (decision 0049): counts over its tables, each one statement
 * scoped by the organisation, on indexes (users, accounts and prospects by creation, the sign-in
 * days' key, the readings' day and hour roll-ups by service, never raw readings).
 */
export class StatisticsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Customers who signed in per day (`active`) and users created per day (`new`). */
  async users(r: DayRange): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day::text AS day, 'active' AS name, count(DISTINCT user_id)::int AS value
        FROM customer_sign_in_days WHERE organisation_id = ${r.organisationId} AND day BETWEEN ${r.startDate}::date AND ${r.endDate}::date GROUP BY day
      UNION ALL
      SELECT (created_at AT TIME ZONE ${r.timeZone})::date::text, 'new', count(*)::int
        FROM users WHERE organisation_id = ${r.organisationId} AND created_at >= ${r.from} AND created_at < ${r.to} GROUP BY 1`.execute(this.db);
    return rows;
  }

  /** Sign-ins per day and method. */
  async signIns(r: DayRange): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day::text AS day, method AS name, sum(sign_ins)::int AS value
        FROM customer_sign_in_days WHERE organisation_id = ${r.organisationId} AND day BETWEEN ${r.startDate}::date AND ${r.endDate}::date
       GROUP BY day, method`.execute(this.db);
    return rows;
  }

  async accounts(r: DayRange): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT (created_at AT TIME ZONE ${r.timeZone})::date::text AS day, 'new' AS name, count(*)::int AS value
        FROM accounts WHERE organisation_id = ${r.organisationId} AND created_at >= ${r.from} AND created_at < ${r.to} GROUP BY 1`.execute(this.db);
    return rows;
  }

  /** Prospects by the day they started: all, those that reached an account, those that failed or were abandoned. */
  async prospects(r: DayRange): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day, name, value FROM (
        SELECT (created_at AT TIME ZONE ${r.timeZone})::date::text AS day,
               count(*)::int AS started,
               count(*) FILTER (WHERE status = 'signed_in')::int AS signed_in,
               count(*) FILTER (WHERE status IN ('provider_failed', 'account_failed', 'abandoned'))::int AS failed
          FROM account_prospects WHERE organisation_id = ${r.organisationId} AND created_at >= ${r.from} AND created_at < ${r.to} GROUP BY 1
      ) p CROSS JOIN LATERAL (VALUES ('started', started), ('signedIn', signed_in), ('failed', failed)) AS v(name, value)`.execute(this.db);
    return rows;
  }

  /**
   * Readings per day from the day roll-ups (each holds its count of readings): the readings and
   * the services that have any. A day roll-up is keyed by its location's local day; the range is
   * widened by a day on either side and cut by the key, so that a site in another zone keeps its days.
   */
  async readings(r: DayRange): Promise<DayCount[]> {
    const { rows } = await sql<DayCount>`
      SELECT day, name, value FROM (
        SELECT ro.period_key AS day, sum(ro.readings)::int AS readings, count(*)::int AS services
          FROM location_services s
          JOIN reading_rollups ro ON ro.service_seq = s.seq AND ro.period = 'day'
               AND ro.period_start >= ${new Date(r.from.getTime() - 86_400_000)} AND ro.period_start < ${new Date(r.to.getTime() + 86_400_000)}
         WHERE s.organisation_id = ${r.organisationId} AND ro.period_key BETWEEN ${r.startDate} AND ${r.endDate}
         GROUP BY ro.period_key
      ) d CROSS JOIN LATERAL (VALUES ('readings', readings), ('services', services)) AS v(name, value)`.execute(this.db);
    return rows;
  }

  /** The price zones of the organisation's sites (those a customer sees). */
  async zones(organisationId: string): Promise<string[]> {
    const { rows } = await sql<{ zone: string }>`
      SELECT DISTINCT price_zone AS zone FROM locations
       WHERE organisation_id = ${organisationId} AND price_zone IS NOT NULL AND status IN (${visibleLocationStatusesSql}) ORDER BY 1`.execute(this.db);
    return rows.map((row) => row.zone);
  }

  /** The publication state of the zones' day-ahead prices per delivery day. */
  async priceDays(zones: readonly string[], startDate: string, endDate: string): Promise<Array<{ zone: string; day: string; state: 'final' | 'preliminary' | 'missing' }>> {
    if (zones.length === 0) return [];
    const { rows } = await sql<{ zone: string; day: string; state: 'final' | 'preliminary' | 'missing' }>`
      SELECT zone, delivery_day::text AS day, state FROM spot_price_days
       WHERE zone IN (${sql.join(zones)}) AND delivery_day BETWEEN ${startDate}::date AND ${endDate}::date`.execute(this.db);
    return rows;
  }

  /** Counts of customers, accounts and sites, and of sign-ins and accounts recent to `today`. */
  async summary(organisationId: string, today: string, since7Days: Date) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT
        (SELECT count(*) FROM users WHERE organisation_id = ${organisationId}) AS users,
        (SELECT count(*) FROM accounts WHERE organisation_id = ${organisationId}) AS accounts,
        (SELECT count(*) FROM locations WHERE organisation_id = ${organisationId} AND status IN (${visibleLocationStatusesSql})) AS sites,
        (SELECT count(DISTINCT user_id) FROM customer_sign_in_days WHERE organisation_id = ${organisationId} AND day = ${today}::date) AS active_today,
        (SELECT count(DISTINCT user_id) FROM customer_sign_in_days WHERE organisation_id = ${organisationId} AND day > ${today}::date - 30 AND day <= ${today}::date) AS active_30,
        (SELECT coalesce(sum(sign_ins), 0) FROM customer_sign_in_days WHERE organisation_id = ${organisationId} AND day = ${today}::date) AS sign_ins_today,
        (SELECT count(*) FROM accounts WHERE organisation_id = ${organisationId} AND created_at >= ${since7Days}) AS new_accounts_7,
        (SELECT count(*) FROM account_prospects WHERE organisation_id = ${organisationId}
           AND status NOT IN ('signed_in', 'abandoned', 'provider_failed', 'account_failed')) AS prospects_open,
        (SELECT count(*) FROM account_prospects WHERE organisation_id = ${organisationId} AND created_at >= ${since7Days}
           AND status IN ('provider_failed', 'account_failed', 'abandoned')) AS prospects_failed_7`.execute(this.db);
    const row = rows[0] ?? {};
    return {
      users: int(row.users),
      accounts: int(row.accounts),
      sites: int(row.sites),
      activeToday: int(row.active_today),
      active30Days: int(row.active_30),
      signInsToday: int(row.sign_ins_today),
      newAccounts7Days: int(row.new_accounts_7),
      prospectsOpen: int(row.prospects_open),
      prospectsFailed7Days: int(row.prospects_failed_7),
    };
  }

  /**
   * Every active service of the organisation's visible sites that is read at all, with the start
   * of its latest hour roll-up: one backward probe of the roll-ups' key per service.
   */
  async latestReadings(organisationId: string): Promise<ServiceLatest[]> {
    const { rows } = await sql<ServiceLatest>`
      SELECT s.location_id, last.period_start AS latest_start
        FROM location_services s
        JOIN locations l ON l.id = s.location_id AND l.status IN (${visibleLocationStatusesSql})
        LEFT JOIN LATERAL (
          SELECT ro.period_start FROM reading_rollups ro WHERE ro.service_seq = s.seq AND ro.period = 'hour' ORDER BY ro.period_start DESC LIMIT 1
        ) last ON true
       WHERE s.organisation_id = ${organisationId} AND s.status = 'active' AND s.reading_period <> 'none'`.execute(this.db);
    return rows;
  }

  /** Whether pg-boss's job table exists (the jobs have run or been listed once on this database). */
  private async hasJobTable(schema: string): Promise<boolean> {
    const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${`${schema}.job`}) IS NOT NULL AS present`.execute(this.db);
    return rows[0]?.present ?? false;
  }

  /**
   * Failed runs since an instant of the platform-wide queues and of the organisation's runs of
   * the per-organisation queues.
   */
  async failedRuns(schema: string, queues: { platform: readonly string[]; perOrganisation: readonly string[] }, organisationId: string, since: Date): Promise<number> {
    if (!(await this.hasJobTable(schema))) return 0;
    const job = sql.table(`${schema}.job`);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${job}
       WHERE state = 'failed' AND coalesce(completed_on, created_on) >= ${since} AND ${this.visibleRuns(queues, organisationId)}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /** Jobs whose two latest finished runs both failed, with when the first of the two ended. */
  async jobsFailedTwice(schema: string, queues: { platform: readonly string[]; perOrganisation: readonly string[] }, organisationId: string): Promise<JobFailureRow[]> {
    if (!(await this.hasJobTable(schema))) return [];
    const job = sql.table(`${schema}.job`);
    const { rows } = await sql<JobFailureRow>`
      SELECT queue, organisation_id, min(ended) AS since FROM (
        SELECT name AS queue, data->>'organisationId' AS organisation_id, state::text AS state, coalesce(completed_on, created_on) AS ended,
               row_number() OVER (PARTITION BY name, data->>'organisationId' ORDER BY coalesce(completed_on, created_on) DESC, created_on DESC) AS n
          FROM ${job} WHERE state IN ('completed', 'failed') AND ${this.visibleRuns(queues, organisationId)}
      ) runs WHERE n <= 2
      GROUP BY queue, organisation_id HAVING count(*) = 2 AND bool_and(state = 'failed')
      ORDER BY since`.execute(this.db);
    return rows;
  }

  private visibleRuns(queues: { platform: readonly string[]; perOrganisation: readonly string[] }, organisationId: string) {
    const platform = queues.platform.length > 0 ? sql`name IN (${sql.join(queues.platform)})` : sql`false`;
    const own = queues.perOrganisation.length > 0 ? sql`(name IN (${sql.join(queues.perOrganisation)}) AND data->>'organisationId' = ${organisationId})` : sql`false`;
    return sql`(${platform} OR ${own})`;
  }
}
