import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface ReadingInput {
  serviceSeq: number;
  intervalStart: Date;
  minutes: 15 | 60;
  /** Decimal text (kWh, or m3 for water), kept exact. */
  value: string;
  certainty: number;
  status: number;
  source: number;
}

/**
 * Readings and their roll-ups. A write upserts the readings and, in the same transaction,
 * recomputes the roll-ups of exactly the periods whose readings changed: hours from readings,
 * days from hours, months from days, each in the location's time zone.
 */
/** The year of a month key ('2025-03' → '2025'); a literal, so SELECT and GROUP BY are the same expression. */
const yearOfKey = sql<string>`left(period_key, 4)`;

export class MeasurementsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Returns how many readings were new or changed; identical readings are left untouched. */
  async upsert(rows: readonly ReadingInput[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const changed = await sql<{ service_seq: number; interval_start: Date }>`
        INSERT INTO readings AS r (service_seq, interval_start, minutes, value, certainty, status, source)
        SELECT * FROM unnest(
          ${rows.map((r) => r.serviceSeq)}::int[], ${rows.map((r) => r.intervalStart.toISOString())}::timestamptz[],
          ${rows.map((r) => r.minutes)}::smallint[], ${rows.map((r) => r.value)}::numeric[],
          ${rows.map((r) => r.certainty)}::real[], ${rows.map((r) => r.status)}::smallint[], ${rows.map((r) => r.source)}::smallint[])
        ON CONFLICT (service_seq, interval_start) DO UPDATE
          SET minutes = excluded.minutes, value = excluded.value, certainty = excluded.certainty,
              status = excluded.status, source = excluded.source, cost = NULL
          WHERE (r.minutes, r.value, r.certainty, r.status) IS DISTINCT FROM (excluded.minutes, excluded.value, excluded.certainty, excluded.status)
        RETURNING service_seq, interval_start`.execute(trx);
      if (changed.rows.length > 0) await refreshRollups(trx, changed.rows);
      return changed.rows.length;
    });
  }

  /** The roll-ups of one service and period kind within [from, to), in time order. */
  rollups(serviceSeq: number, period: 'hour' | 'day' | 'month', from: Date, to: Date) {
    return this.db
      .selectFrom('reading_rollups')
      .select(['period_start', 'period_key', 'value', 'cost', 'certainty', 'readings'])
      .where('service_seq', '=', serviceSeq)
      .where('period', '=', period)
      .where('period_start', '>=', from)
      .where('period_start', '<', to)
      .orderBy('period_start')
      .execute();
  }

  /** Month roll-ups summed per local year (the years view), newest `years` years up to `until`. */
  yearTotals(serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('reading_rollups')
      .select((eb) => [
        yearOfKey.as('year'),
        eb.fn.min('period_start').as('period_start'),
        eb.fn.sum<string>('value').as('value'),
        eb.fn.sum<string | null>('cost').as('cost'),
        eb.fn.min<number>('certainty').as('certainty'),
      ])
      .where('service_seq', '=', serviceSeq)
      .where('period', '=', 'month')
      .where('period_start', '>=', from)
      .where('period_start', '<', to)
      .groupBy(yearOfKey)
      .orderBy('period_start')
      .execute();
  }

  /**
   * The service of a location that the user may read (a member of its account, the location
   * visible), with its time zone; the consumption service when none is named. Undefined otherwise.
   */
  serviceForMember(organisationId: string, userId: string, locationId: string, serviceId: string | undefined) {
    return this.db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .innerJoin('account_members as m', (join) => join.onRef('m.account_id', '=', 'l.account_id').on('m.user_id', '=', userId))
      .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
      .select(['s.seq', 's.id', 's.type', 's.reading_period'])
      .select((eb) => eb.fn<string>('gridline_time_zone', ['o.country']).as('time_zone'))
      .where('l.organisation_id', '=', organisationId)
      .where('l.id', '=', locationId)
      .where('l.status', 'in', ['ACTIVE', 'ACTIVE_PROCESS', 'PENDING'])
      .$if(serviceId !== undefined, (q) => q.where('s.id', '=', serviceId!))
      .$if(serviceId === undefined, (q) => q.where('s.type', 'in', ['consumption_grid', 'consumption_trade', 'heating', 'water']))
      // the supplier's consumption service first, then the grid's, then heating and water
      .orderBy((eb) => eb.case().when('s.type', '=', 'consumption_trade').then(0).when('s.type', '=', 'consumption_grid').then(1).else(2).end())
      .limit(1)
      .executeTakeFirst();
  }

  /** Services of one organisation named by id or by metering point and type → their seq. */
  resolveServices(organisationId: string, ids: string[], meteringPoints: Array<{ meteringPointId: string; serviceType: string }>) {
    if (ids.length === 0 && meteringPoints.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.seq', 's.id', 's.provider_site_id', 's.type'])
      .where('l.organisation_id', '=', organisationId)
      .where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('s.id', 'in', ids)] : []),
          ...(meteringPoints.length > 0
            ? [eb(eb.refTuple('s.provider_site_id', 's.type'), 'in', meteringPoints.map((m) => eb.tuple(m.meteringPointId, m.serviceType)))]
            : []),
        ]),
      )
      .execute();
  }

  readings(serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('readings')
      .select(['interval_start', 'minutes', 'value', 'cost', 'certainty', 'status'])
      .where('service_seq', '=', serviceSeq)
      .where('interval_start', '>=', from)
      .where('interval_start', '<', to)
      .orderBy('interval_start')
      .execute();
  }

  /**
   * Recomputes every hour, day and month roll-up of the given services (all when omitted) from
   * their readings, replacing what exists, in one transaction. For bulk loads (the demo data, a
   * COPY import), where the per-change path of `upsert` would recompute each period once per
   * batch: here each period is computed once, set-wise. Same rules as `refreshRollups`: hours
   * from readings, days from hours, months from days, local periods in the location's zone.
   * Returns the number of roll-ups written.
   */
  async rebuildRollups(serviceSeqs?: readonly number[]): Promise<number> {
    if (serviceSeqs !== undefined && serviceSeqs.length === 0) return 0;
    // Two statement texts rather than `$1 IS NULL OR …`, which a prepared generic plan could not index.
    const seqs = serviceSeqs === undefined ? undefined : [...serviceSeqs];
    const only = (column: string) => (seqs === undefined ? sql`TRUE` : sql`${sql.ref(column)} = ANY (${seqs}::int[])`);
    return this.db.transaction().execute(async (trx) => {
      // Sorted rather than hashed aggregation: the roll-ups then reach the insert in key order and
      // append to the index instead of splitting its pages at random (a third faster for 24 months).
      await sql`SET LOCAL enable_hashagg = off`.execute(trx);
      await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
      await sql`DELETE FROM reading_rollups WHERE ${only('service_seq')}`.execute(trx);
      // One service at a time (LATERAL): its zone is a constant of the aggregation instead of a
      // join per row, and its rows come in primary-key order.
      const zones = sql`
        zones AS MATERIALIZED (
          SELECT s.seq, gridline_time_zone(o.country) AS tz
          FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
          WHERE ${only('s.seq')}
        )`;
      const hours = await sql`
        WITH ${zones}
        INSERT INTO reading_rollups (service_seq, period, period_start, period_key, value, cost, certainty, readings)
        SELECT z.seq, 'hour', h.hour_start, to_char(h.hour_start AT TIME ZONE z.tz, 'YYYY-MM-DD"T"HH24'),
               h.value, h.cost, h.certainty, h.readings
        FROM zones z CROSS JOIN LATERAL (
          SELECT date_trunc('hour', r.interval_start) AS hour_start,
                 sum(r.value) AS value, sum(r.cost) AS cost, min(r.certainty) AS certainty, count(*) AS readings
          FROM readings r
          WHERE r.service_seq = z.seq
          GROUP BY 1
        ) h`.execute(trx);
      let written = Number(hours.numAffectedRows ?? 0);
      for (const [period, child, unit, format] of [
        ['day', 'hour', 'day', 'YYYY-MM-DD'],
        ['month', 'day', 'month', 'YYYY-MM'],
      ] as const) {
        const parents = await sql`
          WITH ${zones}
          INSERT INTO reading_rollups (service_seq, period, period_start, period_key, value, cost, certainty, readings)
          SELECT z.seq, ${period}, p.period_start, to_char(p.period_start AT TIME ZONE z.tz, ${format}),
                 p.value, p.cost, p.certainty, p.readings
          FROM zones z CROSS JOIN LATERAL (
            SELECT date_trunc(${unit}, c.period_start, z.tz) AS period_start,
                   sum(c.value) AS value, sum(c.cost) AS cost, min(c.certainty) AS certainty, sum(c.readings) AS readings
            FROM reading_rollups c
            WHERE c.service_seq = z.seq AND c.period = ${child}
            -- by position: the unit is a parameter, and two parameters are not the same expression
            GROUP BY 1
          ) p`.execute(trx);
        written += Number(parents.numAffectedRows ?? 0);
      }
      return written;
    });
  }
}

/**
 * Recomputes the hour, day and month roll-ups that contain the changed readings. Hours are whole
 * hours in UTC too (every zone served has whole-hour offsets); a local day or month ends at the
 * next local midnight, computed in local time so that DST days get 23 or 25 hours.
 */
async function refreshRollups(trx: Transaction<Database>, changed: ReadonlyArray<{ service_seq: number; interval_start: Date }>): Promise<void> {
  const seqs = changed.map((c) => c.service_seq);
  const starts = changed.map((c) => c.interval_start.toISOString());
  await sql`
    WITH touched AS (
      SELECT DISTINCT t.seq, date_trunc('hour', t.ts) AS hour_start
      FROM unnest(${seqs}::int[], ${starts}::timestamptz[]) AS t(seq, ts)
    ), zones AS (
      SELECT s.seq, gridline_time_zone(o.country) AS tz
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE s.seq IN (SELECT seq FROM touched)
    )
    INSERT INTO reading_rollups (service_seq, period, period_start, period_key, value, cost, certainty, readings)
    SELECT t.seq, 'hour', t.hour_start, to_char(t.hour_start AT TIME ZONE z.tz, 'YYYY-MM-DD"T"HH24'),
           sum(r.value), sum(r.cost), min(r.certainty), count(*)
    FROM touched t
    JOIN zones z ON z.seq = t.seq
    JOIN readings r ON r.service_seq = t.seq AND r.interval_start >= t.hour_start AND r.interval_start < t.hour_start + interval '1 hour'
    GROUP BY t.seq, t.hour_start, z.tz
    ON CONFLICT (service_seq, period, period_start) DO UPDATE
      SET period_key = excluded.period_key, value = excluded.value, cost = excluded.cost,
          certainty = excluded.certainty, readings = excluded.readings`.execute(trx);

  for (const [period, child, unit, format] of [
    ['day', 'hour', 'day', 'YYYY-MM-DD'],
    ['month', 'day', 'month', 'YYYY-MM'],
  ] as const) {
    await sql`
      WITH zones AS (
        SELECT s.seq, gridline_time_zone(o.country) AS tz
        FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
        WHERE s.seq = ANY (${[...new Set(seqs)]}::int[])
      ), touched AS (
        SELECT DISTINCT t.seq, z.tz, date_trunc(${unit}, t.ts, z.tz) AS period_start
        FROM unnest(${seqs}::int[], ${starts}::timestamptz[]) AS t(seq, ts) JOIN zones z ON z.seq = t.seq
      )
      INSERT INTO reading_rollups (service_seq, period, period_start, period_key, value, cost, certainty, readings)
      SELECT t.seq, ${period}, t.period_start, to_char(t.period_start AT TIME ZONE t.tz, ${format}),
             sum(c.value), sum(c.cost), min(c.certainty), sum(c.readings)
      FROM touched t
      JOIN reading_rollups c ON c.service_seq = t.seq AND c.period = ${child}
        AND c.period_start >= t.period_start
        AND c.period_start < ((t.period_start AT TIME ZONE t.tz) + ${`1 ${unit}`}::interval) AT TIME ZONE t.tz
      GROUP BY t.seq, t.period_start, t.tz
      ON CONFLICT (service_seq, period, period_start) DO UPDATE
        SET period_key = excluded.period_key, value = excluded.value, cost = excluded.cost,
            certainty = excluded.certainty, readings = excluded.readings`.execute(trx);
  }
}
