import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { visibleLocationStatusesSql } from '../access/fragments.ts';

/** One location of an organisation with what its segment attributes are made of (decision 0052). */
export interface AudienceLocationRow {
  id: string;
  address: string;
  zipcode: string;
  city: string;
  price_zone: string | null;
  extras: Record<string, unknown> | null;
  customer_name: string;
  /** Types of its active and pending services. */
  service_types: string[];
  /** Reading periods of those services, without `none`. */
  reading_periods: string[];
  /** Types of its agreements in force on the day (started, not ended). */
  agreement_types: string[];
  /** One of its services is priced today (the service's tariffs in force name a supply or grid tariff). */
  has_cost: boolean;
  /** One of its services is on a grid tariff whose version in force has a power (load) fee. */
  has_load_tariffs: boolean;
  /** One of its services has the property `realtimeMeasurements: true` (spec 001 §3, service properties). */
  has_realtime: boolean;
}

/**
 * The locations of an organisation that a customer sees, with everything the segment attributes
 * are built from, in one statement: the organisation's services (with the tariff in force on
 * each) and its agreements in force are each aggregated once per location and joined, never a
 * statement per location. Ordered by the customer's name, then the address.
 */
export class SegmentsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The organisation's locations a customer sees; only `locationId` when given (none when it is not one of them). */
  async audienceLocations(organisationId: string, today: string, locationId?: string): Promise<AudienceLocationRow[]> {
    const { rows } = await sql<AudienceLocationRow>`
      WITH services AS (
        SELECT s.location_id,
               array_agg(DISTINCT s.type ORDER BY s.type) FILTER (WHERE s.status IN ('active', 'pending')) AS types,
               array_agg(DISTINCT s.reading_period ORDER BY s.reading_period) FILTER (WHERE s.status IN ('active', 'pending') AND s.reading_period <> 'none') AS periods,
               bool_or(st.service_seq IS NOT NULL AND (st.supply_tariff_id IS NOT NULL OR st.grid_tariff_id IS NOT NULL)) AS has_cost,
               bool_or(gv.power_fee IS NOT NULL) AS has_load_tariffs,
               bool_or(s.properties ->> 'realtimeMeasurements' = 'true') AS has_realtime
          FROM location_services s
          LEFT JOIN LATERAL (SELECT t.service_seq, t.supply_tariff_id, t.grid_tariff_id FROM service_tariffs t
                              WHERE t.service_seq = s.seq AND t.valid_from <= ${today}::date ORDER BY t.valid_from DESC LIMIT 1) st ON true
          LEFT JOIN LATERAL (SELECT v.power_fee FROM tariff_versions v
                              WHERE v.tariff_id = st.grid_tariff_id AND v.valid_from <= ${today}::date ORDER BY v.valid_from DESC LIMIT 1) gv ON true
         WHERE s.organisation_id = ${organisationId}
         GROUP BY s.location_id
      ), agreements_in_force AS (
        SELECT ag.location_id, array_agg(DISTINCT ag.type ORDER BY ag.type) AS types
          FROM agreements ag
         WHERE ag.organisation_id = ${organisationId}
           AND (ag.start_date IS NULL OR ag.start_date <= ${today}::date) AND (ag.end_date IS NULL OR ag.end_date >= ${today}::date)
         GROUP BY ag.location_id
      )
      SELECT l.id, l.address, l.zipcode, l.city, l.price_zone, l.extras,
             coalesce(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS customer_name,
             coalesce(sv.types, '{}') AS service_types,
             coalesce(sv.periods, '{}') AS reading_periods,
             coalesce(ai.types, '{}') AS agreement_types,
             coalesce(sv.has_cost, false) AS has_cost,
             coalesce(sv.has_load_tariffs, false) AS has_load_tariffs,
             coalesce(sv.has_realtime, false) AS has_realtime
        FROM locations l
        LEFT JOIN services sv ON sv.location_id = l.id
        LEFT JOIN agreements_in_force ai ON ai.location_id = l.id
        LEFT JOIN accounts a ON a.id = l.account_id AND a.organisation_id = l.organisation_id
        LEFT JOIN users u ON u.id = a.account_owner_id AND u.organisation_id = l.organisation_id
       WHERE l.organisation_id = ${organisationId} AND l.status IN (${visibleLocationStatusesSql})
         AND (${locationId ?? null}::text IS NULL OR l.id = ${locationId ?? null})
       ORDER BY u.last_name NULLS LAST, u.first_name NULLS LAST, l.address, l.id`.execute(this.db);
    return rows;
  }
}
