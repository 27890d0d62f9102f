import { sql, type Kysely } from 'kysely';

/**
 * The market per zone, currency and hour, kept by the database itself (decision 0014).
 *
 * Every cost computation and every "related" figure of a view needs, per hour: the zone's spot
 * price (the hour's time-weighted mean and its four quarter prices, complete hours only), CO2
 * intensity, the EUR rate of the local day in the currency (ECB publishes none at weekends: the
 * latest before holds) and the zone's mean price of the local month (monthlySpot). Computing that
 * in every recompute cost more than the readings themselves for a batch of one service's year.
 *
 * Statement triggers on spot_prices, exchange_rates and co2_intensity refresh the rows of the
 * changed span (widened to whole local months, for the month mean), so no writer — the ENTSO-E and
 * ECB jobs, the demo's COPY, a test's INSERT — can forget to. A refresh upserts the span's rows
 * (an unchanged row is not rewritten; a delete also prunes hours left without data); only hours
 * with a price or a CO2 figure have a row.
 */
/** The advisory-lock key that serialises refreshes of the market's hours ('mkth'). */
const MARKET_REFRESH_LOCK = 0x6d6b_7468;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_hours (
      -- byte order: the key's comparisons cost less than under a language's collation
      zone text COLLATE "C" NOT NULL,
      currency text COLLATE "C" NOT NULL,
      hour_start timestamptz NOT NULL,
      -- the local hour ('2025-03-30T03'), in the zone's country's time zone
      hour_key text NOT NULL,
      -- EUR/MWh: the hour's time-weighted mean and its quarter prices (the hour's own price four
      -- times before the quarter-hour market); null unless the hour is fully priced
      mean numeric, p0 numeric, p1 numeric, p2 numeric, p3 numeric,
      grams numeric,
      -- currency units per EUR on the local day
      rate numeric,
      -- EUR/MWh, the zone's time-weighted mean of the local month
      month_mean numeric,
      PRIMARY KEY (zone, currency, hour_start)
    );

    CREATE FUNCTION gridline_zone_time_zone(zone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN gridline_time_zone(CASE WHEN zone IN ('FI', 'AT') THEN zone ELSE left(zone, 2) END);

    -- Returns the number of rows written. \`prune\`: also remove hours that have lost all their data
    -- (after a delete); otherwise rows are only upserted, and an unchanged row is not rewritten.
    CREATE FUNCTION gridline_refresh_market_hours(zones text[], currencies text[], lo timestamptz, hi timestamptz, prune boolean DEFAULT false) RETURNS bigint
      LANGUAGE plpgsql AS $$
      DECLARE
        z text; tz text; a timestamptz; b timestamptz; n bigint; written bigint := 0;
      BEGIN
        IF lo IS NULL OR hi IS NULL OR hi <= lo THEN RETURN 0; END IF;
        FOREACH z IN ARRAY zones LOOP
          tz := gridline_zone_time_zone(z);
          a := date_trunc('month', lo, tz);
          b := (date_trunc('month', hi - interval '1 microsecond', tz) AT TIME ZONE tz + interval '1 month') AT TIME ZONE tz;
          IF prune THEN
            DELETE FROM market_hours m WHERE m.zone = z AND m.currency = ANY (currencies) AND m.hour_start >= a AND m.hour_start < b
              AND NOT EXISTS (SELECT 1 FROM spot_prices p WHERE p.zone = z AND p.interval_start >= m.hour_start AND p.interval_start < m.hour_start + interval '1 hour')
              AND NOT EXISTS (SELECT 1 FROM co2_intensity c WHERE c.zone = z AND c.hour_start = m.hour_start);
          END IF;
          INSERT INTO market_hours AS m (zone, currency, hour_start, hour_key, mean, p0, p1, p2, p3, grams, rate, month_mean)
          WITH spot AS (
            SELECT date_trunc('hour', p.interval_start) AS hour_start, sum(p.price_eur_mwh * p.minutes) / 60 AS mean, sum(p.minutes) AS minutes,
                   max(p.price_eur_mwh) FILTER (WHERE p.minutes = 60 OR date_part('minute', p.interval_start) = 0) AS p0,
                   max(p.price_eur_mwh) FILTER (WHERE p.minutes = 60 OR date_part('minute', p.interval_start) = 15) AS p1,
                   max(p.price_eur_mwh) FILTER (WHERE p.minutes = 60 OR date_part('minute', p.interval_start) = 30) AS p2,
                   max(p.price_eur_mwh) FILTER (WHERE p.minutes = 60 OR date_part('minute', p.interval_start) = 45) AS p3
            FROM spot_prices p WHERE p.zone = z AND p.interval_start >= a AND p.interval_start < b
            GROUP BY 1
          ), months AS MATERIALIZED (
            SELECT date_trunc('month', p.interval_start AT TIME ZONE tz) AS local_month, sum(p.price_eur_mwh * p.minutes) / sum(p.minutes) AS price
            FROM spot_prices p WHERE p.zone = z AND p.interval_start >= a AND p.interval_start < b
            GROUP BY 1
          ), hours AS MATERIALIZED (
            -- the local time's day, month and key once per hour, not once per hour and currency
            SELECT x.*, x.local::date AS day, date_trunc('month', x.local) AS local_month, to_char(x.local, 'YYYY-MM-DD"T"HH24') AS hour_key
            FROM (
              SELECT coalesce(s.hour_start, c.hour_start) AS hour_start, coalesce(s.hour_start, c.hour_start) AT TIME ZONE tz AS local,
                     coalesce(s.minutes = 60, false) AS complete, s.mean, s.p0, s.p1, s.p2, s.p3, c.grams_per_kwh AS grams
              FROM spot s
              FULL JOIN (SELECT * FROM co2_intensity WHERE zone = z AND hour_start >= a AND hour_start < b) c ON c.hour_start = s.hour_start
            ) x
          ), days AS MATERIALIZED (
            -- the rate of each local day, looked up once per day and currency
            SELECT cur.currency, d::date AS day,
                   CASE WHEN cur.currency = 'EUR' THEN 1::numeric
                        ELSE (SELECT e.eur_rate FROM exchange_rates e WHERE e.currency = cur.currency AND e.day <= d::date ORDER BY e.day DESC LIMIT 1) END AS rate
            FROM unnest(currencies) AS cur(currency),
                 generate_series((a AT TIME ZONE tz)::date, (b AT TIME ZONE tz)::date, interval '1 day') AS d
          )
          SELECT z, f.currency, h.hour_start, h.hour_key,
                 CASE WHEN h.complete THEN h.mean END, CASE WHEN h.complete THEN h.p0 END, CASE WHEN h.complete THEN h.p1 END,
                 CASE WHEN h.complete THEN h.p2 END, CASE WHEN h.complete THEN h.p3 END,
                 h.grams, f.rate, mo.price
          FROM hours h
          JOIN days f ON f.day = h.day
          LEFT JOIN months mo ON mo.local_month = h.local_month
          ON CONFLICT (zone, currency, hour_start) DO UPDATE
            SET hour_key = excluded.hour_key, mean = excluded.mean, p0 = excluded.p0, p1 = excluded.p1, p2 = excluded.p2, p3 = excluded.p3,
                grams = excluded.grams, rate = excluded.rate, month_mean = excluded.month_mean
            WHERE (m.mean, m.p0, m.p1, m.p2, m.p3, m.grams, m.rate, m.month_mean)
                  IS DISTINCT FROM (excluded.mean, excluded.p0, excluded.p1, excluded.p2, excluded.p3, excluded.grams, excluded.rate, excluded.month_mean);
          GET DIAGNOSTICS n = ROW_COUNT;
          written := written + n;
        END LOOP;
        RETURN written;
      END
    $$;

    -- Changed prices or CO2 of some zones: their spans, per zone.
    CREATE FUNCTION gridline_market_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        r record;
        everything CONSTANT text[] := ARRAY['EUR', 'SEK', 'NOK'];
        written bigint := 0;
      BEGIN
        -- One refresh at a time: a rate refreshes every zone's hours of its currency, a zone's
        -- prices every currency's hours of the zone; concurrently they would update the same rows
        -- in different orders and deadlock (the ECB job beside the day-ahead job).
        PERFORM pg_advisory_xact_lock(${sql.raw(String(MARKET_REFRESH_LOCK))});
        IF TG_OP = 'TRUNCATE' THEN
          TRUNCATE market_hours;
          FOR r IN SELECT zone, min(t) AS lo, max(t) + interval '1 hour' AS hi
                   FROM (SELECT zone, interval_start AS t FROM spot_prices UNION ALL SELECT zone, hour_start FROM co2_intensity) x GROUP BY zone LOOP
            written := written + gridline_refresh_market_hours(ARRAY[r.zone], everything, r.lo, r.hi);
          END LOOP;
        ELSIF TG_TABLE_NAME = 'exchange_rates' THEN
          -- a rate holds from its day until the next one: refresh up to the newest market hour
          FOR r IN SELECT currency, min(day) AS lo FROM (SELECT currency, day FROM changed_rows) x GROUP BY currency LOOP
            written := written + gridline_refresh_market_hours(
              ARRAY['SE1','SE2','SE3','SE4','NO1','NO2','NO3','NO4','NO5','FI','AT'], ARRAY[r.currency],
              (r.lo - 1)::timestamp AT TIME ZONE 'UTC',
              greatest((SELECT max(hour_start) FROM market_hours), (r.lo + 1)::timestamp AT TIME ZONE 'UTC') + interval '1 hour');
          END LOOP;
        ELSIF TG_TABLE_NAME = 'spot_prices' THEN
          FOR r IN SELECT zone, min(interval_start) AS lo, max(interval_start) + interval '1 hour' AS hi FROM changed_rows GROUP BY zone LOOP
            written := written + gridline_refresh_market_hours(ARRAY[r.zone], everything, r.lo, r.hi, TG_OP = 'DELETE');
          END LOOP;
        ELSE
          FOR r IN SELECT zone, min(hour_start) AS lo, max(hour_start) + interval '1 hour' AS hi FROM changed_rows GROUP BY zone LOOP
            written := written + gridline_refresh_market_hours(ARRAY[r.zone], everything, r.lo, r.hi, TG_OP = 'DELETE');
          END LOOP;
        END IF;
        -- A bulk load (the demo's two years, a backfill) changes the table's shape: without fresh
        -- statistics the planner would take the recompute's join of it for a handful of rows
        -- and loop over it (minutes instead of seconds). The daily feed's refresh stays below.
        IF written > 20000 THEN
          ANALYZE market_hours;
        END IF;
        RETURN NULL;
      END
    $$;
  `.execute(db);

  for (const table of ['spot_prices', 'exchange_rates', 'co2_intensity']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_inserted`)} AFTER INSERT ON ${sql.table(table)}
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION gridline_market_changed();
      CREATE TRIGGER ${sql.raw(`${table}_updated`)} AFTER UPDATE ON ${sql.table(table)}
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION gridline_market_changed();
      CREATE TRIGGER ${sql.raw(`${table}_deleted`)} AFTER DELETE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION gridline_market_changed();
      CREATE TRIGGER ${sql.raw(`${table}_truncated`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION gridline_market_changed();
    `.execute(db);
  }
}
