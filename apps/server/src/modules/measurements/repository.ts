import { sql } from 'kysely';
import { withConnection, type Db } from '../../db/database.ts';
import { copyLines } from '../../lib/copy-lines.ts';
import { TimestampText } from '../../lib/timestamp-text.ts';
import { memberLocationWhereSql, memberServiceJoinSql, serviceOfTenantSql } from '../access/fragments.ts';
import { hourStartOf, hourSumsOf } from './hour-sums.ts';
import { peakHours, recompute, type ServiceRange } from './recompute.ts';

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

  /**
   * Writes readings and, in the same transaction, recomputes what they change. Returns how many
   * readings were new or changed; identical readings are left untouched (sending a file twice
   * changes nothing). A later row for the same service and interval replaces an earlier one.
   *
   * Rows go in with COPY (decision 0014). A service's rows that all follow its last stored
   * reading (a feed appending, a first load) are copied straight into `readings`; the others are
   * copied into a session's staging table and merged with an upsert that skips identical rows.
   * Writers of one service take turns (an advisory lock), so the "all follow" check holds.
   */
  async upsert(input: readonly ReadingInput[]): Promise<number> {
    if (input.length === 0) return 0;
    // each service's first and last interval in the batch; a service's rows that only move
    // forward (a feed, a file in time order) cannot hold two of one interval
    const bySeq = new Map<number, { first: number; last: number }>();
    let forward = true;
    for (const r of input) {
      const t = r.intervalStart.getTime();
      const span = bySeq.get(r.serviceSeq);
      if (!span) bySeq.set(r.serviceSeq, { first: t, last: t });
      else if (t > span.last) span.last = t;
      else {
        forward = false;
        if (t < span.first) span.first = t;
      }
    }
    const rows = forward ? input : lastOfEach(input);
    const seqs = [...bySeq.keys()].sort((a, b) => a - b);
    return withConnection(this.db, (client, bound) =>
      bound.transaction().execute(async (trx) => {
        // The lock first, in a statement of its own: the next statement's snapshot then sees
        // what a writer that held it committed.
        await sql`SELECT pg_advisory_xact_lock(${WRITER_LOCKS}, seq) FROM unnest(${seqs}::int[]) AS seq ORDER BY seq`.execute(trx);
        const stored = await sql<{ seq: number; last: Date | null }>`
          SELECT s.seq, (SELECT max(r.interval_start) FROM readings r WHERE r.service_seq = s.seq) AS last
          FROM unnest(${seqs}::int[]) AS s(seq)`.execute(trx);
        const appending = new Set(stored.rows.filter((s) => s.last === null || s.last.getTime() < bySeq.get(s.seq)!.first).map((s) => s.seq));
        const append = appending.size === bySeq.size ? rows : rows.filter((r) => appending.has(r.serviceSeq));
        const merge = append === rows ? [] : rows.filter((r) => !appending.has(r.serviceSeq));
        let changed = 0;
        const appended: ServiceRange[] = [];
        const merged: ServiceRange[] = [];
        if (append.length > 0) {
          const copied = copyColumns(append);
          changed += await copyLines(client, `readings ${copied}`, copyText(append, copied));
          for (const seq of appending) {
            const span = bySeq.get(seq)!;
            appended.push({ seq, from: new Date(span.first), to: new Date(span.last + HOUR_MS) });
          }
          // The hours after a service's last reading have no roll-ups, but for the one the new
          // readings may share with the old: removed, it is rebuilt with the rest, and all of
          // them are inserted without a conflict check.
          await sql`
            DELETE FROM reading_rollups r USING unnest(${appended.map((a) => a.seq)}::int[], ${appended.map((a) => a.from.toISOString())}::timestamptz[]) AS a(seq, first)
            WHERE r.service_seq = a.seq AND r.period = 'hour' AND r.period_start = date_trunc('hour', a.first)`.execute(trx);
        }
        if (merge.length > 0) {
          await sql`CREATE TEMP TABLE IF NOT EXISTS readings_staged (LIKE readings) ON COMMIT DELETE ROWS`.execute(trx);
          // all columns: the staging table has the columns of readings but not their defaults
          await copyLines(client, `readings_staged ${ALL_COLUMNS}`, copyText(merge, ALL_COLUMNS));
          const result = await sql<{ service_seq: number; first: Date; last: Date; n: number }>`
            WITH changed AS (
              INSERT INTO readings AS r ${sql.raw(ALL_COLUMNS)}
              SELECT service_seq, interval_start, minutes, value, certainty, status, source FROM readings_staged
              ON CONFLICT (service_seq, interval_start) DO UPDATE
                SET minutes = excluded.minutes, value = excluded.value, certainty = excluded.certainty,
                    status = excluded.status, source = excluded.source
                WHERE (r.minutes, r.value, r.certainty, r.status) IS DISTINCT FROM (excluded.minutes, excluded.value, excluded.certainty, excluded.status)
              RETURNING service_seq, interval_start
            )
            SELECT service_seq, min(interval_start) AS first, max(interval_start) AS last, count(*)::int AS n FROM changed GROUP BY service_seq`.execute(trx);
          for (const c of result.rows) {
            changed += c.n;
            merged.push({ seq: c.service_seq, from: c.first, to: new Date(c.last.getTime() + HOUR_MS) });
          }
        }
        // Hours that only the appended readings fill (the service's last stored reading is in an
        // earlier hour) are summed here (decision 0018); a service continuing within an hour, or
        // a value the sums cannot take, is summed from its readings.
        const lastStored = new Map(stored.rows.map((s) => [s.seq, s.last?.getTime() ?? -Infinity]));
        const alone = new Set(appended.filter((a) => lastStored.get(a.seq)! < hourStartOf(a.from.getTime())).map((a) => a.seq));
        const sums = alone.size === 0 ? undefined : hourSumsOf(alone.size === appended.length ? append : append.filter((r) => alone.has(r.serviceSeq)));
        if (sums) {
          await recompute(trx, appended.filter((a) => alone.has(a.seq)), { hourSums: sums }, { freshHours: true });
          await recompute(trx, appended.filter((a) => !alone.has(a.seq)), 'readings', { freshHours: true });
        } else await recompute(trx, appended, 'readings', { freshHours: true });
        await recompute(trx, merged, 'readings');
        return changed;
      }),
    );
  }

  /** Recomputes cost (not values) of the given service ranges: after a tariff, tax or rate change. */
  async recomputeCost(ranges: readonly ServiceRange[]): Promise<void> {
    await this.db.transaction().execute((trx) => recompute(trx, ranges, 'hours'));
  }

  /** Recomputes hours from readings for the given ranges: after prices (or CO2) changed. */
  async recomputeFromReadings(ranges: readonly ServiceRange[]): Promise<void> {
    await this.db.transaction().execute((trx) => recompute(trx, ranges, 'readings'));
  }

  /** The services of a location of the organisation that have readings, each from its first reading on (a site's whole history). */
  async rangesForLocation(organisationId: string, locationId: string): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date }>`
      SELECT s.seq, (SELECT min(r.interval_start) FROM readings r WHERE r.service_seq = s.seq) AS lo
      FROM location_services s JOIN locations l ON l.id = s.location_id
      WHERE l.organisation_id = ${organisationId} AND l.id = ${locationId}`.execute(this.db);
    return rows.rows.filter((r) => r.lo !== null).map((r) => ({ seq: r.seq, from: r.lo, to: null }));
  }

  /**
   * The services whose cost depends on a zone's prices in [from, to), each widened to the
   * local months around it (a monthly-spot price is the month's mean).
   */
  async rangesForZone(zone: string, from: Date, to: Date): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date; hi: Date }>`
      SELECT s.seq,
             date_trunc('month', ${from.toISOString()}::timestamptz, gridline_time_zone(o.country)) AS lo,
             (date_trunc('month', ${to.toISOString()}::timestamptz - interval '1 microsecond', gridline_time_zone(o.country))
                AT TIME ZONE gridline_time_zone(o.country) + interval '1 month') AT TIME ZONE gridline_time_zone(o.country) AS hi
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE l.price_zone = ${zone} AND s.type IN ('consumption_trade', 'consumption_grid', 'production_trade', 'production_grid')
        AND EXISTS (SELECT 1 FROM reading_rollups h WHERE h.service_seq = s.seq)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: r.hi }));
  }

  /** The services priced in a currency, from a local day on (a rate holds until the next one). */
  async rangesForCurrency(currency: string, fromDay: string): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date }>`
      SELECT s.seq, ${fromDay}::date::timestamp AT TIME ZONE gridline_time_zone(o.country) AS lo
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE o.currency = ${currency} AND EXISTS (SELECT 1 FROM service_tariffs t WHERE t.service_seq = s.seq)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: null }));
  }

  /** The services on a tariff (or all of a country for a tax change), from a local day on. */
  async rangesForTariff(tariffId: string, fromDay: string): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date }>`
      SELECT DISTINCT s.seq, ${fromDay}::date::timestamp AT TIME ZONE gridline_time_zone(o.country) AS lo
      FROM service_tariffs t JOIN location_services s ON s.seq = t.service_seq
      JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE ${tariffId} IN (t.supply_tariff_id, t.grid_tariff_id)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: null }));
  }

  /** The roll-ups of one of the organisation's services and period kind within [from, to), in time order. */
  rollups(organisationId: string, serviceSeq: number, period: 'hour' | 'day' | 'month', from: Date, to: Date) {
    return this.periodRollups(organisationId, serviceSeq, period, from, to);
  }

  /**
   * A period's children (roll-ups of `childPeriod` within [from, to)) and, when `ownPeriod` is
   * given, the period's own roll-up starting at `from`: one index range scan.
   */
  periodRollups(organisationId: string, serviceSeq: number, childPeriod: 'hour' | 'day' | 'month', from: Date, to: Date, ownPeriod?: 'day' | 'month') {
    return this.db
      .selectFrom('reading_rollups')
      .select(['period', 'period_start', 'period_key', 'value', 'cost', 'certainty', 'readings', 'co2', 'fees', 'power_cost', 'peak_kw'])
      .where('service_seq', '=', serviceSeq)
      .where(serviceOfTenantSql(organisationId))
      .where((eb) =>
        eb.or([
          eb.and([eb('period', '=', childPeriod), eb('period_start', '>=', from), eb('period_start', '<', to)]),
          ...(ownPeriod ? [eb.and([eb('period', '=', ownPeriod), eb('period_start', '=', from)])] : []),
        ]),
      )
      .orderBy('period_start')
      .execute();
  }

  /**
   * The roll-ups of `childPeriod` starting at the given instants (a period's children, as a binary
   * timestamptz[] parameter from `lib/binary-arrays.ts`: 24 to 31 texts parsed per read cost a
   * fifth of the statement) and, when
   * `ownPeriod` is given, the period's own roll-up (it starts with the first child), of the
   * service a user may read (see `serviceForMember`), in one statement: the access check and the
   * read share a round trip. With `latestIn`, also the latest metered hour in that range (see
   * `latestMeteredHour`), in the same statement. Undefined when the user may not read the
   * service; otherwise the service, its rows (in no particular order; none when nothing is
   * metered in the period) and the latest hour (undefined when not asked for or none).
   */
  async memberPeriodRollups(
    organisationId: string, userId: string, locationId: string, serviceId: string | undefined,
    childPeriod: 'hour' | 'day' | 'month', starts: Buffer, ownPeriod?: 'day' | 'month', latestIn?: { start: Date; end: Date },
  ) {
    // the latest hour needs the service's time zone
    const service = this.serviceForMember(organisationId, userId, locationId, serviceId, latestIn === undefined);
    const result = await sql<{
      seq: number; type: string; latest_ms?: number | null; hours_in_day?: number | null;
      period: string | null; start_ms: number | null; value: string | null; cost: string | null; certainty: number | null; readings: number | null; co2: string | null; fees: string | null; power_cost: string | null;
    }>`
      WITH svc AS (${service})
      -- instants as milliseconds: a number reads several times faster than a timestamp
      SELECT svc.seq, svc.type, ${latestIn ? sql`date_part('epoch', latest.start) * 1000 AS latest_ms, latest.hours_in_day, ` : sql``}
             r.period, date_part('epoch', r.period_start) * 1000 AS start_ms, r.value, r.cost, r.certainty, r.readings, r.co2, r.fees, r.power_cost
      FROM svc
      ${latestIn ? sql`LEFT JOIN LATERAL (${latestHourOfSvc(latestIn.start.toISOString(), latestIn.end.toISOString())}) latest ON true` : sql``}
      -- One index condition for the children and the period's own roll-up (no OR, which a generic plan
      -- answers by reading every roll-up of the service). The statement is prepared once per connection,
      -- and PostgreSQL keeps its generic plan only when that looks no dearer than planning each call
      -- anew (~0.7 ms here): so the period kinds are literals (one text per view), and the children are
      -- named by their starts (a generic plan guesses 10 array elements, a range 0.5 % of the table).
      LEFT JOIN reading_rollups r ON r.service_seq = svc.seq AND r.period IN (${sql.join([childPeriod, ...(ownPeriod ? [ownPeriod] : [])].map((p) => sql.lit(p)))})
        AND r.period_start = ANY (${starts}::timestamptz[])`.execute(this.db);
    const first = result.rows[0];
    if (!first) return undefined;
    const rows = result.rows.filter((r) => r.period !== null) as Array<{ period: string; start_ms: number; value: string; cost: string | null; certainty: number; readings: number; co2: string | null; fees: string | null; power_cost: string | null }>;
    const latest = typeof first.latest_ms === 'number' ? { start: new Date(first.latest_ms), hoursInDay: first.hours_in_day! } : undefined;
    return { service: { seq: first.seq, type: first.type }, rows, latest };
  }

  /** Month roll-ups summed per local year (the years view), newest `years` years up to `until`. */
  yearTotals(organisationId: string, serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('reading_rollups')
      .select((eb) => [
        yearOfKey.as('year'),
        eb.fn.min('period_start').as('period_start'),
        eb.fn.sum<string>('value').as('value'),
        // a year's cost includes its months' fees and power tariff; unknown if any month's is
        sql<string | null>`CASE WHEN count(*) = count(cost) THEN sum(cost + coalesce(fees, 0) + coalesce(power_cost, 0)) END`.as('cost'),
        sql<string | null>`CASE WHEN count(*) = count(co2) THEN sum(co2) END`.as('co2'),
        eb.fn.min<number>('certainty').as('certainty'),
      ])
      .where('service_seq', '=', serviceSeq)
      .where(serviceOfTenantSql(organisationId))
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
  async findServiceForMember(organisationId: string, userId: string, locationId: string, serviceId: string | undefined) {
    return (await this.serviceForMember(organisationId, userId, locationId, serviceId).execute(this.db)).rows[0];
  }

  /**
   * Plain SQL, not the query builder: it is part of every location data read, and building it
   * cost a tenth of one. `bare`: only the service's seq and type, without the organisation's
   * currency and time zone (a join less: a tenth of the location data read's statement).
   */
  private serviceForMember(organisationId: string, userId: string, locationId: string, serviceId: string | undefined, bare = false) {
    return sql<{ seq: number; id: string; type: string; reading_period: string; price_zone: string | null; area: string; currency: string; time_zone: string }>`
      SELECT s.seq, s.type${bare ? sql`` : sql`, s.id, s.reading_period, l.price_zone, l.area, o.currency, gridline_time_zone(o.country) AS time_zone`}
      FROM location_services s
      ${memberServiceJoinSql(userId)}
      ${bare ? sql`` : sql`JOIN organisations o ON o.id = l.organisation_id`}
      WHERE ${memberLocationWhereSql(organisationId, locationId)}
      ${serviceId !== undefined
        ? sql`AND s.id = ${serviceId}` // the primary key: one service at most
        : sql`AND s.type IN ('consumption_grid', 'consumption_trade', 'heating', 'water')
      -- the supplier's consumption service first, then the grid's, then heating and water
      ORDER BY CASE s.type WHEN 'consumption_trade' THEN 0 WHEN 'consumption_grid' THEN 1 ELSE 2 END
      LIMIT 1`}`;
  }

  /**
   * The market and weather around a location for each of the given periods: mean outdoor
   * temperature and cloud cover and heating degree days (base 17 °C, from hourly temperatures)
   * of its area; mean CO2 intensity and mean spot price (per kWh in the currency, excl. VAT, at
   * each day's ECB rate) of its price zone. One row per period, in the order given; the
   * figures are null for a location that is not the organisation's.
   */
  async related(organisationId: string, locationId: string, periods: ReadonlyArray<{ start: Date; end: Date }>) {
    const zone = sql`(SELECT price_zone FROM place)`;
    const area = sql`(SELECT area FROM place)`;
    const currency = sql`(SELECT currency FROM place)`;
    const result = await sql<{ i: number; temperature: number | null; cloud_cover: number | null; degree_days: number | null; co2: number | null; price: number | null }>`
      WITH place AS MATERIALIZED (
        SELECT l.price_zone, l.area, o.currency FROM locations l JOIN organisations o ON o.id = l.organisation_id WHERE l.organisation_id = ${organisationId} AND l.id = ${locationId}
      ), b AS (
        SELECT b.i::int, b.s, b.e FROM unnest(${periods.map((p) => p.start.toISOString())}::timestamptz[], ${periods.map((p) => p.end.toISOString())}::timestamptz[]) WITH ORDINALITY AS b(s, e, i)
      )
      SELECT b.i, w.temperature, w.cloud_cover, w.degree_days, m.co2, m.price
      FROM b
      LEFT JOIN LATERAL (
        SELECT avg(temperature)::float8 AS temperature, avg(cloud_cover)::float8 AS cloud_cover,
               (sum(greatest(0, 17 - temperature)) / 24)::float8 AS degree_days
        FROM weather WHERE area = ${area} AND hour_start >= b.s AND hour_start < b.e
      ) w ON true
      -- the market's hours (migration 0012): every priced hour is complete, so the mean of the
      -- hours is the time-weighted mean of the period
      LEFT JOIN LATERAL (
        SELECT avg(grams)::float8 AS co2, (avg(mean * rate) / 1000)::float8 AS price
        FROM market_hours WHERE zone = ${zone} AND currency = ${currency} AND hour_start >= b.s AND hour_start < b.e
      ) m ON true
      ORDER BY b.i`.execute(this.db);
    return result.rows;
  }

  /**
   * A month's power peaks by the grid tariff in force on its first day (the service's own
   * rules), or, without a power tariff, the month's three highest hours. `power_fee` is null then.
   */
  async monthPeaks(organisationId: string, serviceSeq: number, monthStart: Date, monthEnd: Date, firstDay: string) {
    const result = await sql<{ peak_start: Date; kw: string; power_fee: string | null; power_peaks: number }>`
      WITH t AS (
        SELECT * FROM (
          SELECT 0 AS rank, gv.power_fee, gv.power_peaks, gv.power_distinct_days, gv.power_weekdays_only, gv.power_from_hour, gv.power_to_hour, gv.power_months
          FROM (SELECT grid_tariff_id FROM service_tariffs WHERE service_seq = ${serviceSeq} AND valid_from <= ${firstDay}::date ORDER BY valid_from DESC LIMIT 1) st
          CROSS JOIN LATERAL (SELECT * FROM tariff_versions v WHERE v.tariff_id = st.grid_tariff_id AND v.valid_from <= ${firstDay}::date ORDER BY v.valid_from DESC LIMIT 1) gv
          WHERE gv.power_fee IS NOT NULL
          UNION ALL
          SELECT 1, NULL::numeric, 3::smallint, false, false, 0::smallint, 24::smallint, NULL::smallint[]
        ) choices ORDER BY rank LIMIT 1
      )
      SELECT p.peak_start, p.kw, t.power_fee, t.power_peaks
      FROM t CROSS JOIN LATERAL (${peakHours(sql`${serviceSeq}::int`, sql`${monthStart.toISOString()}::timestamptz`, sql`${monthEnd.toISOString()}::timestamptz`, 't')}) p
      WHERE ${serviceOfTenantSql(organisationId, sql`${serviceSeq}::int`)}
      ORDER BY p.kw DESC, p.peak_start`.execute(this.db);
    return result.rows;
  }

  /** Sums of the hours in [from, to) by part of the local day (PARTS_OF_DAY). */
  async partsOfDay(organisationId: string, serviceSeq: number, from: Date, to: Date, timeZone: string) {
    const result = await sql<{ part: 'night' | 'morning' | 'day' | 'evening'; value: string; cost: string | null; co2: string | null }>`
      SELECT CASE WHEN hour < 6 THEN 'night' WHEN hour < 10 THEN 'morning' WHEN hour < 17 THEN 'day' ELSE 'evening' END AS part,
             sum(value) AS value,
             CASE WHEN count(*) = count(cost) THEN sum(cost) END AS cost,
             CASE WHEN count(*) = count(co2) THEN sum(co2) END AS co2
      FROM (
        SELECT extract(hour FROM period_start AT TIME ZONE ${timeZone}) AS hour, value, cost, co2
        FROM reading_rollups WHERE service_seq = ${serviceSeq} AND period = 'hour' AND period_start >= ${from.toISOString()}::timestamptz AND period_start < ${to.toISOString()}::timestamptz
          AND ${serviceOfTenantSql(organisationId)}
      ) h
      GROUP BY 1`.execute(this.db);
    return result.rows;
  }

  /** The services of a location the user may read, with their month roll-ups in [from, to) and latest hour. */
  async servicesWithMonths(organisationId: string, userId: string, locationId: string, from: Date, to: Date) {
    const result = await sql<{
      id: string; type: string; reading_period: string; months: Array<{ key: string; value: string; cost: string | null; fees: string | null; power_cost: string | null }> | null;
      latest_start: Date | null; latest_value: string | null;
    }>`
      SELECT s.id, s.type, s.reading_period,
             (SELECT json_agg(json_build_object('key', r.period_key, 'value', r.value, 'cost', r.cost, 'fees', r.fees, 'power_cost', r.power_cost) ORDER BY r.period_start)
              FROM reading_rollups r WHERE r.service_seq = s.seq AND r.period = 'month' AND r.period_start >= ${from.toISOString()}::timestamptz AND r.period_start < ${to.toISOString()}::timestamptz) AS months,
             latest.period_start AS latest_start, latest.value AS latest_value
      FROM location_services s
      ${memberServiceJoinSql(userId)}
      LEFT JOIN LATERAL (
        SELECT h.period_start, h.value FROM reading_rollups h WHERE h.service_seq = s.seq AND h.period = 'hour' AND h.period_start < ${to.toISOString()}::timestamptz
        ORDER BY h.period_start DESC LIMIT 1
      ) latest ON true
      WHERE ${memberLocationWhereSql(organisationId, locationId)}
      ORDER BY s.seq`.execute(this.db);
    return result.rows;
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

  /** One of the organisation's services' readings starting in [from, to), in time order. */
  readings(organisationId: string, serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('readings')
      .select(['interval_start', 'minutes', 'value', 'certainty', 'status'])
      .where('service_seq', '=', serviceSeq)
      .where(serviceOfTenantSql(organisationId))
      .where('interval_start', '>=', from)
      .where('interval_start', '<', to)
      .orderBy('interval_start')
      .execute();
  }

  /**
   * Recomputes every roll-up (and cost) of the given services (all with readings when omitted)
   * from their readings, replacing what exists, in one transaction: for bulk loads (the demo
   * data, a COPY import), where the per-batch path of `upsert` would recompute periods once per
   * batch. The same pipeline as every other write (`recompute`), over each service's whole span.
   */
  async rebuildRollups(serviceSeqs?: readonly number[]): Promise<number> {
    if (serviceSeqs !== undefined && serviceSeqs.length === 0) return 0;
    const seqs = serviceSeqs === undefined ? undefined : [...serviceSeqs];
    const only = (column: string) => (seqs === undefined ? sql`TRUE` : sql`${sql.ref(column)} = ANY (${seqs}::int[])`);
    return this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM reading_rollups WHERE ${only('service_seq')}`.execute(trx);
      // Each service's first and last reading, by two index probes rather than a scan.
      const spans = await sql<{ seq: number; first: Date; last: Date }>`
        SELECT s.seq, f.first, l.last
        FROM location_services s
        CROSS JOIN LATERAL (SELECT interval_start AS first FROM readings WHERE service_seq = s.seq ORDER BY interval_start LIMIT 1) f
        CROSS JOIN LATERAL (SELECT interval_start AS last FROM readings WHERE service_seq = s.seq ORDER BY interval_start DESC LIMIT 1) l
        WHERE ${only('s.seq')}`.execute(trx);
      // fresh: every row is an insert, so the statements' counts are the roll-ups written
      return recompute(
        trx,
        spans.rows.map((r) => ({ seq: r.seq, from: r.first, to: new Date(r.last.getTime() + HOUR_MS) })),
        'readings',
        { fresh: true },
      );
    });
  }

  /**
   * The latest metered hour in [from, to) of the service a user may read (see `serviceForMember`),
   * and how many hours of its whole local day are metered (the incomplete-last-day rule, spec 001
   * §4): two index probes. Undefined when the user may not read it or nothing is metered there.
   */
  async latestMeteredHour(organisationId: string, userId: string, locationId: string, serviceId: string | undefined, from: Date, to: Date) {
    const service = this.serviceForMember(organisationId, userId, locationId, serviceId);
    const result = await sql<{ start: Date; hours_in_day: number }>`
      WITH svc AS (${service})
      SELECT latest.start, latest.hours_in_day FROM svc CROSS JOIN LATERAL (${latestHourOfSvc(from.toISOString(), to.toISOString())}) latest`.execute(this.db);
    const row = result.rows[0];
    return row ? { start: row.start, hoursInDay: row.hours_in_day } : undefined;
  }
}

/**
 * The latest hour roll-up in [from, to) of the service `svc` (a row with its seq and time zone) and
 * how many hours of its whole local day have one (the incomplete-last-day rule, spec 001 §4): two
 * index probes, as a LATERAL subquery over `svc`. No row when nothing is metered there.
 */
function latestHourOfSvc(from: string, to: string) {
  return sql`
    SELECT h.period_start AS start,
           (SELECT count(*)::int FROM reading_rollups d
            WHERE d.service_seq = svc.seq AND d.period = 'hour' AND d.period_start >= h.day_start
              AND d.period_start < ((h.day_start AT TIME ZONE svc.time_zone) + interval '1 day') AT TIME ZONE svc.time_zone) AS hours_in_day
    FROM (
      SELECT period_start, date_trunc('day', period_start, svc.time_zone) AS day_start FROM reading_rollups
      WHERE service_seq = svc.seq AND period = 'hour' AND period_start >= ${from}::timestamptz AND period_start < ${to}::timestamptz
      ORDER BY period_start DESC LIMIT 1
    ) h`;
}

const HOUR_MS = 3_600_000;
/** The advisory-lock namespace of "a writer of this service's readings" (the key is the seq). */
const WRITER_LOCKS = 0x7265_6164; // 'read'

/** The last row of each service and interval, in no particular order. */
function lastOfEach(rows: readonly ReadingInput[]): ReadingInput[] {
  const bySeq = new Map<number, Map<number, ReadingInput>>();
  for (const r of rows) {
    let byStart = bySeq.get(r.serviceSeq);
    if (!byStart) bySeq.set(r.serviceSeq, (byStart = new Map()));
    byStart.set(r.intervalStart.getTime(), r);
  }
  return [...bySeq.values()].flatMap((byStart) => [...byStart.values()]);
}

/** The columns copied when every row has the defaults of the rest (certainty 1, status 2, source 0). */
const DEFAULTED = '(service_seq, interval_start, minutes, value)';
const ALL_COLUMNS = '(service_seq, interval_start, minutes, value, certainty, status, source)';

/**
 * The columns to copy: a batch whose rows all have the defaults of `readings` (a provider's feed
 * of plain readings) leaves those three to the table, which spares their parsing per row; the
 * rows stored are the same.
 */
function copyColumns(rows: readonly ReadingInput[]): typeof DEFAULTED | typeof ALL_COLUMNS {
  return rows.every((r) => r.certainty === 1 && r.status === 2 && r.source === 0) ? DEFAULTED : ALL_COLUMNS;
}

/** Readings as COPY text lines (tab-separated; decimals and instants as they are) of the given columns. */
function* copyText(rows: readonly ReadingInput[], columns: typeof DEFAULTED | typeof ALL_COLUMNS): Generator<string> {
  const start = new TimestampText();
  if (columns === DEFAULTED) {
    for (const r of rows) yield `${r.serviceSeq}\t${start.format(r.intervalStart.getTime())}\t${r.minutes}\t${r.value}\n`;
  } else {
    for (const r of rows) yield `${r.serviceSeq}\t${start.format(r.intervalStart.getTime())}\t${r.minutes}\t${r.value}\t${r.certainty}\t${r.status}\t${r.source}\n`;
  }
}
