import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hourSumsRelation, type HourSums } from './hour-sums.ts';

/**
 * The one pipeline that keeps roll-ups and cost current (decisions 0006 and 0008). Given time
 * ranges of services, it recomputes, set-wise and in three statements:
 *
 * 1. hours: value, certainty, the value at spot (EUR) and CO2 from the readings (`source:
 *    'readings'`, after new readings or prices; summed per hour into the session's `hour_sums`
 *    first, decision 0017), from sums made in Node of readings a write has just appended
 *    (`source: { hourSums }`, decision 0018), or taken as they are from the hour roll-ups
 *    (`source: 'hours'`, after a tariff, tax or exchange-rate change: no reading is reread); and
 *    the hour's cost from its tariff, tax and exchange rate;
 * 2. the local days that contain those hours, from their hours;
 * 3. the local months that contain those days, from their days, with the month parts: monthly
 *    fees pro rata by metered day, and the power tariff on the month's top hourly peaks.
 *
 * Bulk loads call it with whole services, a correction with the hours it touched: the same SQL.
 *
 * Cost of an hour, in the organisation's currency, incl. VAT, exact (numeric, never rounded):
 *   (energy + value × (surcharge + transfer fee + energy tax)) × (1 + VAT), where energy is
 *   hourlySpot, 15minSpot: Σ value × spot of its interval × EUR rate of the local day
 *   monthlySpot:           value × the zone's mean spot price of the local month × EUR rate
 *   fixed:                 value × fixed price (the customer's own, else the product's)
 *   mixed:                 share × value × fixed price + (1 − share) × the hourlySpot energy
 *   no supply tariff:      0 (a grid-only service pays the grid and the tax)
 * A reading interval is priced at its own quarter-hour when both are quarter-hours, otherwise at
 * the mean of the hour's prices (an hourly meter under a quarter-hour market pays the hour's mean).
 */
export interface ServiceRange {
  seq: number;
  from: Date;
  /** Exclusive; `null` for "onwards" (a tariff valid from a date with no end). */
  to: Date | null;
}

/**
 * Where the hours' values come from: the readings (summed in SQL), the hour roll-ups as they are,
 * or sums made in Node of readings just appended (`hourSumsOf`, decision 0018).
 */
export type RecomputeSource = 'readings' | 'hours' | { hourSums: HourSums };

/**
 * `fresh`: the ranges hold no roll-ups (a rebuild deleted them), so rows are inserted without
 * the conflict check, which costs a second index probe per row. `freshHours`: only their hours
 * hold none (readings appended after a service's last ones, the boundary hour removed first).
 */
export async function recompute(
  trx: Transaction<Database>, ranges: readonly ServiceRange[], source: RecomputeSource, options: { fresh?: boolean; freshHours?: boolean } = {},
): Promise<number> {
  if (ranges.length === 0) return 0;
  // Hash joins: the planner's estimates for these CTEs are poor, and a merge join would sort a
  // whole year of hours by text keys. Memory enough to group the readings into hours without
  // spilling to disk: a batch's readings, or a bulk rebuild's services (numeric sums' states
  // take about 1 KB an hour).
  await sql`SET LOCAL enable_mergejoin = off`.execute(trx);
  await sql`SELECT set_config('work_mem', ${options.fresh ? '512MB' : '64MB'}, true)`.execute(trx);
  const upsert = (columns: string[], fresh = options.fresh) =>
    fresh
      ? sql``
      : sql`ON CONFLICT (service_seq, period, period_start) DO UPDATE
          SET period_key = excluded.period_key, ${sql.join(columns.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}
          WHERE (${sql.join(columns.map((c) => sql.ref(`x.${c}`)))}) IS DISTINCT FROM (${sql.join(columns.map((c) => sql.ref(`excluded.${c}`)))})`;
  const hourColumns = ['value', 'cost', 'certainty', 'readings', 'spot_eur', 'co2'];
  const seqs = ranges.map((r) => r.seq);
  const froms = ranges.map((r) => r.from.toISOString());
  const tos = ranges.map((r) => (r.to === null ? 'infinity' : r.to.toISOString()));
  // Ranges widened to whole hours; the days and months statements widen them further.
  const scope = sql`
    scope AS MATERIALIZED (
      SELECT t.seq, date_trunc('hour', t.lo) AS lo, date_trunc('hour', t.hi - interval '1 microsecond') + interval '1 hour' AS hi
      FROM unnest(${seqs}::int[], ${froms}::timestamptz[], ${tos}::timestamptz[]) AS t(seq, lo, hi)
    ),
    svc AS MATERIALIZED (
      SELECT s.seq, gridline_time_zone(o.country) AS tz, o.country, o.currency, l.price_zone AS zone,
             s.type IN ('consumption_trade', 'consumption_grid', 'production_trade', 'production_grid') AS electric
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE s.seq IN (SELECT seq FROM scope)
    )`;

  // The readings' sums go into a table of the session first, unless for a bulk rebuild: the
  // planner sizes a table it has never analysed by its pages, and so joins the market by hash.
  // Summed in the same statement, the sums' estimate comes from the readings' statistics, which
  // say "empty" after their table was vacuumed empty and refilled: a nested loop over every hour
  // of the market then made a batch of 20 000 readings take four seconds instead of 0.2. A bulk
  // rebuild sums in the statement, because a table of every hour would cost more than it saves
  // and its scale keeps the estimate sound.
  const inStatement = source === 'readings' && options.fresh;
  if (source === 'readings' && !inStatement) {
    await sql`
      CREATE TEMP TABLE IF NOT EXISTS hour_sums (
        seq integer NOT NULL, hour_start timestamptz NOT NULL, value numeric NOT NULL, certainty real NOT NULL, readings integer NOT NULL,
        v0 numeric NOT NULL, v1 numeric NOT NULL, v2 numeric NOT NULL, v3 numeric NOT NULL, v60 numeric NOT NULL
      ) ON COMMIT DELETE ROWS`.execute(trx);
    await sql`WITH ${scope} INSERT INTO hour_sums ${readingSums}`.execute(trx);
  }
  const hourSource =
    source === 'hours' ? hoursAsTheyAre
    : typeof source === 'object' ? pricedSums(hourSumsRelation(source.hourSums))
    : inStatement ? pricedSums(sql`(${readingSums}) AS rh`)
    // taken out as they are priced: a second call in the same transaction starts empty
    : sql`sums AS (DELETE FROM hour_sums RETURNING *), ${pricedSums(sql`sums rh`)}`;
  const hours = await sql`
    WITH ${scope}, ${rates}, ${market}, ${hourSource}
    INSERT INTO reading_rollups AS x (service_seq, period, period_start, period_key, value, cost, certainty, readings, spot_eur, co2)
    SELECT h.seq, 'hour', h.hour_start, coalesce(h.hour_key, to_char(h.hour_start AT TIME ZONE v.tz, 'YYYY-MM-DD"T"HH24')),
           h.value, ${hourCost}, h.certainty, h.readings, h.spot_eur, h.co2
    FROM hours h
    JOIN svc v ON v.seq = h.seq
    LEFT JOIN rated g ON g.seq = h.seq AND h.hour_start >= g.from_ts AND h.hour_start < g.to_ts
    ${upsert(hourColumns, options.fresh || options.freshHours)}`.execute(trx);

  const days = await sql`
    WITH ${scope}
    INSERT INTO reading_rollups AS x (service_seq, period, period_start, period_key, value, cost, certainty, readings, spot_eur, co2)
    SELECT d.seq, 'day', d.day_start, to_char(d.day_start AT TIME ZONE d.tz, 'YYYY-MM-DD'), d.value, d.cost, d.certainty, d.readings, d.spot_eur, d.co2
    FROM (
      -- grouped by the local key, so the time-zone arithmetic runs once per day, not per hour
      SELECT h.service_seq AS seq, v.tz, date_trunc('day', min(h.period_start), v.tz) AS day_start, ${childSums('h')}
      FROM scope s JOIN svc v ON v.seq = s.seq
      JOIN reading_rollups h ON h.service_seq = s.seq AND h.period = 'hour'
        AND h.period_start >= date_trunc('day', s.lo, v.tz)
        AND h.period_start < (date_trunc('day', s.hi - interval '1 microsecond', v.tz) AT TIME ZONE v.tz + interval '1 day') AT TIME ZONE v.tz
      GROUP BY h.service_seq, v.tz, left(h.period_key, 10)
    ) d
    ${upsert(hourColumns)}`.execute(trx);

  const months = await sql`
    WITH ${scope}, ${rates}
    INSERT INTO reading_rollups AS x (service_seq, period, period_start, period_key, value, cost, certainty, readings, spot_eur, co2, fees, power_cost, peak_kw)
    SELECT m.seq, 'month', m.month_start, to_char(m.month_start AT TIME ZONE m.tz, 'YYYY-MM'), m.value, m.cost, m.certainty, m.readings, m.spot_eur, m.co2,
           f.fees, p.power_cost, p.peak_kw
    FROM (
      SELECT d.service_seq AS seq, v.tz, date_trunc('month', min(d.period_start), v.tz) AS month_start,
             (date_trunc('month', min(d.period_start), v.tz) AT TIME ZONE v.tz + interval '1 month') AT TIME ZONE v.tz AS month_end,
             ${childSums('d')}
      FROM scope s JOIN svc v ON v.seq = s.seq
      JOIN reading_rollups d ON d.service_seq = s.seq AND d.period = 'day'
        AND d.period_start >= date_trunc('month', s.lo, v.tz)
        AND d.period_start < (date_trunc('month', s.hi - interval '1 microsecond', v.tz) AT TIME ZONE v.tz + interval '1 month') AT TIME ZONE v.tz
      GROUP BY d.service_seq, v.tz, left(d.period_key, 7)
    ) m
    -- Monthly fees: each metered day carries its share of its tariff's monthly fees.
    LEFT JOIN LATERAL (
      SELECT CASE WHEN count(*) = count(g.seq) AND bool_and(g.priced) THEN
               sum(g.monthly_fees * g.with_vat) / ((m.month_start AT TIME ZONE m.tz + interval '1 month')::date - (m.month_start AT TIME ZONE m.tz)::date)
             END AS fees
      FROM reading_rollups d
      LEFT JOIN rated g ON g.seq = d.service_seq AND d.period_start >= g.from_ts AND d.period_start < g.to_ts
      WHERE d.service_seq = m.seq AND d.period = 'day' AND d.period_start >= m.month_start AND d.period_start < m.month_end
    ) f ON true
    -- The power tariff in force on the month's first day: fee × the mean of the top N hourly
    -- peaks (kWh in an hour = mean kW), within its hours, weekdays and months, one per day if asked.
    LEFT JOIN LATERAL (
      SELECT pk.kw AS peak_kw, coalesce(pk.kw, 0) * g.power_fee * g.with_vat AS power_cost
      FROM (
        SELECT * FROM rated g
        WHERE g.seq = m.seq AND g.priced AND g.power_fee IS NOT NULL AND g.from_ts <= m.month_start AND g.to_ts > m.month_start
        LIMIT 1
      ) g
      CROSS JOIN LATERAL (
        SELECT avg(top.kw) AS kw FROM (${peakHours(sql.ref('m.seq'), sql.ref('m.month_start'), sql.ref('m.month_end'), 'g')}) top
      ) pk
    ) p ON true
    ${upsert([...hourColumns, 'fees', 'power_cost', 'peak_kw'])}`.execute(trx);
  return [hours, days, months].reduce((sum, written) => sum + Number(written.numAffectedRows ?? 0n), 0);
}

/**
 * The hours that set a month's power tariff: the top `power_peaks` hourly values (kWh in an hour
 * = mean kW) within the tariff's hours, weekdays and months, at most one per local day when
 * `power_distinct_days`. `tariff` names a row with the power_* columns of tariff_versions.
 * Shared by the month's cost and the load call, so both count the same peaks.
 *
 * The local hour, day and month are read from the hour's key ('2025-03-30T02', the key the days
 * are grouped by): three time-zone conversions per hour cost most of a month's statement.
 */
export function peakHours(seq: RawBuilder<unknown>, monthStart: RawBuilder<unknown>, monthEnd: RawBuilder<unknown>, tariff: string) {
  const t = (column: string) => sql.ref(`${tariff}.${column}`);
  const localHour = sql`substr(h.period_key, 12, 2)::int`;
  return sql`
    SELECT peak_start, kw FROM (
      SELECT peak_start, kw, row_number() OVER (ORDER BY kw DESC, peak_start) AS n FROM (
        SELECT h.period_start AS peak_start, h.value AS kw,
               row_number() OVER (
                 -- one group per local day, or per hour (by its instant: an autumn day's key repeats)
                 PARTITION BY CASE WHEN ${t('power_distinct_days')} THEN left(h.period_key, 10) END,
                              CASE WHEN NOT ${t('power_distinct_days')} THEN h.period_start END
                 ORDER BY h.value DESC, h.period_start) AS in_group
        FROM reading_rollups h
        WHERE h.service_seq = ${seq} AND h.period = 'hour' AND h.period_start >= ${monthStart} AND h.period_start < ${monthEnd}
          AND ${localHour} >= ${t('power_from_hour')} AND ${localHour} < ${t('power_to_hour')}
          AND (NOT ${t('power_weekdays_only')} OR extract(isodow FROM left(h.period_key, 10)::date) < 6)
          AND (${t('power_months')} IS NULL OR substr(h.period_key, 6, 2)::int = ANY (${t('power_months')}))
      ) candidates
      WHERE in_group = 1
    ) ranked
    WHERE n <= ${t('power_peaks')}`;
}

/** A parent's sums of its children; a sum is unknown (null) when any child's is. */
function childSums(alias: string): RawBuilder<unknown> {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  const exact = (column: string) => sql`CASE WHEN count(*) = count(${c(column)}) THEN sum(${c(column)}) END`;
  return sql`sum(${c('value')}) AS value, ${exact('cost')} AS cost, min(${c('certainty')}) AS certainty,
             sum(${c('readings')})::int AS readings, ${exact('spot_eur')} AS spot_eur, ${exact('co2')} AS co2`;
}

/**
 * Readings summed per service and hour (the columns of `hour_sums`), quarter-hour readings apart
 * by their position in the hour, so that prices and the rest of the market are joined once per
 * hour (one hash probe), not once per reading: a quarter-hour reading pays its quarter's price
 * (the hour's price before the quarter-hour market), an hourly reading the hour's time-weighted mean.
 */
const QUARTERS = [0, 1, 2, 3] as const;
const readingSums = sql`
  SELECT r.seq, r.hour_start, sum(r.value) AS value, min(r.certainty) AS certainty, count(*)::int AS readings,
         ${sql.join(
           [...QUARTERS.map((k) => [k, `v${k}`] as const), [4, 'v60'] as const].map(([k, name]) => sql`coalesce(sum(r.value) FILTER (WHERE r.part = ${sql.raw(String(k))}), 0) AS ${sql.ref(name)}`),
         )}
  FROM (
    -- each reading's hour by arithmetic on the instant (date_trunc on a timestamptz goes through
    -- the session's time zone, at half again the cost of the whole sum), and its part of the hour,
    -- computed once (not once per FILTER): the quarter 0–3 from the epoch, 4 for an hourly reading
    SELECT r.service_seq AS seq, date_bin('1 hour', r.interval_start, TIMESTAMPTZ 'epoch') AS hour_start, r.value, r.certainty,
           CASE WHEN r.minutes = 60 THEN 4 ELSE (date_part('epoch', r.interval_start)::int8 / 900 % 4)::int END AS part
    FROM scope s
    JOIN readings r ON r.service_seq = s.seq AND r.interval_start >= s.lo AND r.interval_start < s.hi
  ) r
  GROUP BY 1, 2
  -- in index order: the hours are inserted in the order they come, and a B-tree takes rows in
  -- key order at about half the cost of rows in hash order
  ORDER BY 1, 2`;

/** Hours priced at the market from their sums (`rh`: a relation with the columns of `hour_sums`). */
function pricedSums(rh: RawBuilder<unknown>) {
  return sql`
  hours AS (
    SELECT rh.seq, rh.hour_start, rh.value, rh.certainty, rh.readings, mh.hour_key, mh.rate, mh.month_mean,
           -- × 0.001 (MWh to kWh) rather than ÷ 1000: exact, and no division's 16 extra digits
           CASE WHEN v.electric THEN (rh.v60 * mh.mean + rh.v0 * mh.p0 + rh.v1 * mh.p1 + rh.v2 * mh.p2 + rh.v3 * mh.p3) * 0.001 END AS spot_eur,
           CASE WHEN v.electric THEN rh.value * mh.grams END AS co2
    FROM ${rh}
    JOIN svc v ON v.seq = rh.seq
    LEFT JOIN market mh ON mh.zone = v.zone AND mh.currency = v.currency AND mh.hour_start = rh.hour_start
  )`;
}

const hoursAsTheyAre = sql`
  hours AS (
    SELECT h.service_seq AS seq, h.period_start AS hour_start, h.value, h.certainty, h.readings, h.spot_eur, h.co2,
           mh.hour_key, mh.rate, mh.month_mean
    FROM scope s
    JOIN reading_rollups h ON h.service_seq = s.seq AND h.period = 'hour' AND h.period_start >= s.lo AND h.period_start < s.hi
    JOIN svc v ON v.seq = s.seq
    LEFT JOIN market mh ON mh.zone = v.zone AND mh.currency = v.currency AND mh.hour_start = h.period_start
  )`;

/**
 * Tariff segments: per service, the spans between the dates on which anything of its price
 * changes (its tariff assignment, a version of either tariff, the country's taxes), each with
 * everything in force during it. `priced` is false where a needed part is missing.
 */
const rates = sql`
  bounds AS (
    SELECT st.service_seq AS seq, st.valid_from AS day FROM service_tariffs st JOIN svc ON svc.seq = st.service_seq
    UNION
    SELECT st.service_seq, tv.valid_from FROM service_tariffs st JOIN svc ON svc.seq = st.service_seq
      JOIN tariff_versions tv ON tv.tariff_id IN (st.supply_tariff_id, st.grid_tariff_id)
    UNION
    SELECT svc.seq, t.valid_from FROM svc JOIN tax_rates t ON t.country = svc.country
  ),
  rated AS MATERIALIZED (
    SELECT b.seq,
           b.day::timestamp AT TIME ZONE v.tz AS from_ts,
           coalesce(lead(b.day) OVER (PARTITION BY b.seq ORDER BY b.day)::timestamp AT TIME ZONE v.tz, 'infinity') AS to_ts,
           a.service_seq IS NOT NULL AND tx.country IS NOT NULL
             AND (a.supply_tariff_id IS NULL OR su.tariff_id IS NOT NULL) AND (a.grid_tariff_id IS NULL OR gr.tariff_id IS NOT NULL) AS priced,
           su.agreement_type, coalesce(a.fixed_price, su.fixed_price) AS fixed_price, su.fixed_share,
           -- the price per kWh on top of the energy, and VAT as a factor: once per span, not per hour
           coalesce(su.surcharge, 0) + coalesce(gr.transfer_fee, 0)
             + CASE WHEN coalesce(sut.commodity, grt.commodity) = 'electricity' THEN tx.energy_tax ELSE 0 END AS per_kwh,
           1 + tx.vat AS with_vat,
           coalesce(su.monthly_fee, 0) + coalesce(gr.monthly_fee, 0) AS monthly_fees,
           gr.power_fee, gr.power_peaks, gr.power_distinct_days, gr.power_weekdays_only, gr.power_from_hour, gr.power_to_hour, gr.power_months
    FROM bounds b
    JOIN svc v ON v.seq = b.seq
    LEFT JOIN LATERAL (SELECT * FROM service_tariffs st WHERE st.service_seq = b.seq AND st.valid_from <= b.day ORDER BY st.valid_from DESC LIMIT 1) a ON true
    LEFT JOIN LATERAL (SELECT * FROM tariff_versions tv WHERE tv.tariff_id = a.supply_tariff_id AND tv.valid_from <= b.day ORDER BY tv.valid_from DESC LIMIT 1) su ON true
    LEFT JOIN LATERAL (SELECT * FROM tariff_versions tv WHERE tv.tariff_id = a.grid_tariff_id AND tv.valid_from <= b.day ORDER BY tv.valid_from DESC LIMIT 1) gr ON true
    LEFT JOIN tariffs sut ON sut.id = a.supply_tariff_id
    LEFT JOIN tariffs grt ON grt.id = a.grid_tariff_id
    LEFT JOIN LATERAL (SELECT * FROM tax_rates t WHERE t.country = v.country AND t.valid_from <= b.day ORDER BY t.valid_from DESC LIMIT 1) tx ON true
  )`;

/**
 * The market's hours (migration 0012: per zone, currency and hour, kept by triggers) of the
 * services' markets over the scope's span, read once by range and then hash-joined: an index
 * probe per hour would cost more than the hour's readings.
 */
const market = sql`
  market AS MATERIALIZED (
    SELECT m.zone, m.currency, m.hour_start, m.hour_key, m.mean, m.p0, m.p1, m.p2, m.p3, m.grams, m.rate, m.month_mean
    FROM (SELECT DISTINCT zone, currency FROM svc WHERE zone IS NOT NULL) k
    JOIN market_hours m ON m.zone = k.zone AND m.currency = k.currency
      AND m.hour_start >= (SELECT min(lo) FROM scope) AND m.hour_start < (SELECT max(hi) FROM scope)
  )`;

const hourCost = sql`
  CASE WHEN g.priced THEN (
    CASE g.agreement_type
      WHEN 'fixed' THEN h.value * g.fixed_price
      WHEN 'mixed' THEN h.value * g.fixed_price * g.fixed_share + h.spot_eur * h.rate * (1 - g.fixed_share)
      WHEN 'monthlySpot' THEN h.value * h.month_mean * 0.001 * h.rate
      WHEN 'hourlySpot' THEN h.spot_eur * h.rate
      WHEN '15minSpot' THEN h.spot_eur * h.rate
      ELSE 0
    END
    + h.value * g.per_kwh
  ) * g.with_vat END`;
