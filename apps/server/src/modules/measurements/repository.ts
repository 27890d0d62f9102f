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
