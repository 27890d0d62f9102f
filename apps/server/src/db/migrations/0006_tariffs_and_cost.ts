import { sql, type Kysely } from 'kysely';

/**
 * What a reading costs (decision 0008).
 *
 * - tax_rates: energy tax per kWh and VAT per country, with valid-from dates (platform facts).
 * - tariffs / tariff_versions: an organisation's supply products (agreement type, fixed price,
 *   surcharge, monthly fee) and grid tariffs (monthly fee, transfer fee, power tariff on the
 *   month's peaks), each version valid from a local date. Amounts exclude VAT, in the
 *   organisation's currency.
 * - service_tariffs: which supply and grid tariff a metered service is on from a date, with the
 *   customer's own fixed price when the contract locked one.
 * - reading_rollups gains the hour's value at spot (EUR, exact), its CO2 (grams) and, on months,
 *   the month parts: fees and the power tariff with its peak. Cost columns become unconstrained
 *   numeric: nothing is rounded before the final sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tax_rates (
      country text NOT NULL CHECK (country IN ('SE','NO','FI','AT')),
      valid_from date NOT NULL,
      vat numeric(6,4) NOT NULL CHECK (vat >= 0 AND vat < 1),
      -- electricity tax per kWh excluding VAT, in the country's currency
      energy_tax numeric(12,6) NOT NULL CHECK (energy_tax >= 0),
      PRIMARY KEY (country, valid_from)
    );

    -- Published figures (../shared/reference/integrations.md). Norway's consumption tax includes
    -- the 1 øre Enova levy; Finland's electricity tax class I includes the security-of-supply fee.
    INSERT INTO tax_rates (country, valid_from, vat, energy_tax) VALUES
      ('SE', '2024-01-01', 0.25, 0.428), ('SE', '2025-01-01', 0.25, 0.439), ('SE', '2026-01-01', 0.25, 0.360),
      ('NO', '2024-01-01', 0.25, 0.1051), ('NO', '2024-04-01', 0.25, 0.1744), ('NO', '2025-01-01', 0.25, 0.1793), ('NO', '2026-01-01', 0.25, 0.0813),
      ('FI', '2024-01-01', 0.24, 0.02253), ('FI', '2024-09-01', 0.255, 0.02253),
      ('AT', '2024-01-01', 0.20, 0.001), ('AT', '2025-01-01', 0.20, 0.015), ('AT', '2026-01-01', 0.20, 0.001);

    CREATE TABLE tariffs (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id),
      kind text NOT NULL CHECK (kind IN ('supply', 'grid')),
      -- energy tax applies to electricity only
      commodity text NOT NULL DEFAULT 'electricity' CHECK (commodity IN ('electricity', 'heating', 'water')),
      name text NOT NULL,
      UNIQUE (organisation_id, name)
    );

    CREATE TABLE tariff_versions (
      tariff_id text NOT NULL REFERENCES tariffs(id) ON DELETE CASCADE,
      valid_from date NOT NULL,
      agreement_type text CHECK (agreement_type IN ('hourlySpot', '15minSpot', 'monthlySpot', 'fixed', 'mixed')),
      fixed_price numeric(12,6) CHECK (fixed_price >= 0),
      -- mixed: the share of consumption at the fixed price, the rest at the hourly spot price
      fixed_share numeric(5,4) CHECK (fixed_share > 0 AND fixed_share < 1),
      surcharge numeric(12,6) NOT NULL DEFAULT 0,
      monthly_fee numeric(12,4) NOT NULL DEFAULT 0 CHECK (monthly_fee >= 0),
      transfer_fee numeric(12,6) NOT NULL DEFAULT 0,
      -- power tariff: fee per kW on the mean of the month's top N hourly peaks
      power_fee numeric(12,4) CHECK (power_fee >= 0),
      power_peaks smallint NOT NULL DEFAULT 1 CHECK (power_peaks BETWEEN 1 AND 10),
      power_distinct_days boolean NOT NULL DEFAULT false,
      power_weekdays_only boolean NOT NULL DEFAULT false,
      power_from_hour smallint NOT NULL DEFAULT 0 CHECK (power_from_hour BETWEEN 0 AND 23),
      power_to_hour smallint NOT NULL DEFAULT 24 CHECK (power_to_hour BETWEEN 1 AND 24),
      power_months smallint[],
      PRIMARY KEY (tariff_id, valid_from),
      CHECK (agreement_type NOT IN ('fixed', 'mixed') OR fixed_price IS NOT NULL),
      CHECK ((agreement_type = 'mixed') = (fixed_share IS NOT NULL)),
      CHECK (power_from_hour < power_to_hour)
    );

    CREATE TABLE service_tariffs (
      service_seq integer NOT NULL REFERENCES location_services(seq) ON DELETE CASCADE,
      valid_from date NOT NULL,
      supply_tariff_id text REFERENCES tariffs(id),
      grid_tariff_id text REFERENCES tariffs(id),
      -- the customer's own price on a fixed or mixed contract, over the product's
      fixed_price numeric(12,6) CHECK (fixed_price >= 0),
      PRIMARY KEY (service_seq, valid_from),
      CHECK (supply_tariff_id IS NOT NULL OR grid_tariff_id IS NOT NULL)
    );
    CREATE INDEX service_tariffs_supply ON service_tariffs (supply_tariff_id);
    CREATE INDEX service_tariffs_grid ON service_tariffs (grid_tariff_id);

    ALTER TABLE readings DROP COLUMN cost;
    ALTER TABLE reading_rollups
      ALTER COLUMN cost TYPE numeric,
      -- the hour's consumption priced at spot, in EUR (Σ value × price): what hourly and
      -- quarter-hour spot agreements pay, kept so a tariff change never rereads readings
      ADD COLUMN spot_eur numeric,
      -- grams of CO2: Σ value × the zone's intensity in that hour
      ADD COLUMN co2 numeric,
      -- month parts, incl. VAT: monthly fees (pro rata by metered days) and the power tariff
      ADD COLUMN fees numeric,
      ADD COLUMN power_cost numeric,
      ADD COLUMN peak_kw numeric;
  `.execute(db);
}
