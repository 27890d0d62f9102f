import { sql, type Kysely } from 'kysely';

/**
 * Meter readings and what is derived from them, plus the market data they are priced with.
 *
 * - readings: one row per service and interval (15 or 60 minutes), keyed by the service's compact
 *   integer `seq` (35 million rows for a year of 1 000 quarter-hour services: width matters).
 * - reading_rollups: hour, day and month sums per service in the location's time zone, kept
 *   current at write time, so that no month, year or 5-year view reads raw readings. Keyed by
 *   the period's first instant; the key text ('2025-03-30', '2025-03') is for lookups, and an
 *   hour key repeats on the autumn DST day, which is why it is not the key.
 * - spot prices in EUR/MWh as published, per zone and interval, with a publication state per
 *   zone and delivery day; EUR exchange rates per day; CO2 intensity and weather per hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The rule of spec 000 section 5, in SQL for period boundaries (mirrors timeZoneFor).
    CREATE FUNCTION gridline_time_zone(country text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE country WHEN 'SE' THEN 'Europe/Stockholm' WHEN 'NO' THEN 'Europe/Oslo'
                          WHEN 'FI' THEN 'Europe/Helsinki' WHEN 'AT' THEN 'Europe/Vienna' END;

    ALTER TABLE location_services ADD COLUMN seq integer GENERATED ALWAYS AS IDENTITY;
    ALTER TABLE location_services ADD CONSTRAINT location_services_seq_key UNIQUE (seq);

    CREATE TABLE readings (
      service_seq integer NOT NULL REFERENCES location_services(seq) ON DELETE CASCADE,
      interval_start timestamptz NOT NULL,
      minutes smallint NOT NULL CHECK (minutes IN (15, 60)),
      value numeric(14,4) NOT NULL,
      certainty real NOT NULL DEFAULT 1 CHECK (certainty >= 0 AND certainty <= 1),
      -- the spec's reading statuses: 0 manual … 9 invalid
      status smallint NOT NULL DEFAULT 2 CHECK (status BETWEEN 0 AND 9),
      -- 0 ingestion API, 1 demo generator, 2 provider feed, 3 manual correction
      source smallint NOT NULL DEFAULT 0,
      cost numeric(18,6),
      PRIMARY KEY (service_seq, interval_start),
      CHECK (extract(epoch FROM interval_start)::bigint % (minutes * 60) = 0)
    );

    CREATE TABLE reading_rollups (
      service_seq integer NOT NULL REFERENCES location_services(seq) ON DELETE CASCADE,
      period text NOT NULL CHECK (period IN ('hour', 'day', 'month')),
      period_start timestamptz NOT NULL,
      period_key text NOT NULL,
      value numeric(16,4) NOT NULL,
      cost numeric(20,6),
      certainty real NOT NULL,
      readings integer NOT NULL,
      PRIMARY KEY (service_seq, period, period_start)
    );

    CREATE TABLE spot_prices (
      zone text NOT NULL CHECK (zone IN ('SE1','SE2','SE3','SE4','NO1','NO2','NO3','NO4','NO5','FI','AT')),
      interval_start timestamptz NOT NULL,
      minutes smallint NOT NULL CHECK (minutes IN (15, 60)),
      price_eur_mwh numeric(10,3) NOT NULL,
      PRIMARY KEY (zone, interval_start)
    );

    CREATE TABLE spot_price_days (
      zone text NOT NULL,
      delivery_day date NOT NULL,
      state text NOT NULL CHECK (state IN ('missing', 'preliminary', 'final')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (zone, delivery_day)
    );

    CREATE TABLE exchange_rates (
      day date NOT NULL,
      currency text NOT NULL CHECK (currency IN ('SEK', 'NOK')),
      eur_rate numeric(12,6) NOT NULL CHECK (eur_rate > 0),
      PRIMARY KEY (day, currency)
    );

    CREATE TABLE co2_intensity (
      zone text NOT NULL,
      hour_start timestamptz NOT NULL,
      grams_per_kwh numeric(8,2) NOT NULL,
      PRIMARY KEY (zone, hour_start)
    );

    CREATE TABLE weather (
      area text NOT NULL,
      hour_start timestamptz NOT NULL,
      temperature numeric(5,2) NOT NULL,
      cloud_cover numeric(4,3) NOT NULL CHECK (cloud_cover BETWEEN 0 AND 1),
      PRIMARY KEY (area, hour_start)
    );
  `.execute(db);
}
