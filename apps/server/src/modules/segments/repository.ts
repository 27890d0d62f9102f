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
  /** One of its services is priced (on a supply or grid tariff). */
  has_cost: boolean;
  /** One of its services is on a grid tariff whose version in force has a power (load) fee. */
  has_load_tariffs: boolean;
  /** One of its services has the property `realtimeMeasurements: true` (spec 001 §3, service properties). */
  has_realtime: boolean;
}

/**
 * The locations of an organisation that a customer sees, with everything the segment attributes
 * are built from, in one statement: the per-location facts are correlated aggregates over the
 * services, agreements and tariffs of the organisation (indexed by location and service), never a
 * statement per location. Ordered by the customer's name, then the address.
 */
export class SegmentsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async audienceLocations(organisationId: string, today: string): Promise<AudienceLocationRow[]> {
    const { rows } = await sql<AudienceLocationRow>`
      SELECT l.id, l.address, l.zipcode, l.city, l.price_zone, l.extras,
             coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '') AS customer_name,
             coalesce((SELECT array_agg(DISTINCT s.type ORDER BY s.type) FROM location_services s
                        WHERE s.location_id = l.id AND s.organisation_id = l.organisation_id AND s.status IN ('active', 'pending')), '{}') AS service_types,
             coalesce((SELECT array_agg(DISTINCT s.reading_period ORDER BY s.reading_period) FROM location_services s
                        WHERE s.location_id = l.id AND s.organisation_id = l.organisation_id AND s.status IN ('active', 'pending') AND s.reading_period <> 'none'), '{}') AS reading_periods,
             coalesce((SELECT array_agg(DISTINCT ag.type ORDER BY ag.type) FROM agreements ag
                        WHERE ag.location_id = l.id AND ag.organisation_id = l.organisation_id
                          AND (ag.start_date IS NULL OR ag.start_date <= ${today}::date) AND (ag.end_date IS NULL OR ag.end_date >= ${today}::date)), '{}') AS agreement_types,
             EXISTS (SELECT 1 FROM location_services s JOIN service_tariffs st ON st.service_seq = s.seq
                      WHERE s.location_id = l.id AND s.organisation_id = l.organisation_id AND (st.supply_tariff_id IS NOT NULL OR st.grid_tariff_id IS NOT NULL)) AS has_cost,
             EXISTS (SELECT 1 FROM location_services s
                      CROSS JOIN LATERAL (SELECT grid_tariff_id FROM service_tariffs WHERE service_seq = s.seq AND valid_from <= ${today}::date ORDER BY valid_from DESC LIMIT 1) st
                      CROSS JOIN LATERAL (SELECT v.power_fee FROM tariff_versions v WHERE v.tariff_id = st.grid_tariff_id AND v.valid_from <= ${today}::date ORDER BY v.valid_from DESC LIMIT 1) gv
                      WHERE s.location_id = l.id AND s.organisation_id = l.organisation_id AND gv.power_fee IS NOT NULL) AS has_load_tariffs,
             EXISTS (SELECT 1 FROM location_services s
                      WHERE s.location_id = l.id AND s.organisation_id = l.organisation_id AND s.properties ->> 'realtimeMeasurements' = 'true') AS has_realtime
        FROM locations l
        LEFT JOIN accounts a ON a.id = l.account_id AND a.organisation_id = l.organisation_id
        LEFT JOIN users u ON u.id = a.account_owner_id AND u.organisation_id = l.organisation_id
       WHERE l.organisation_id = ${organisationId} AND l.status IN (${visibleLocationStatusesSql})
       ORDER BY u.last_name NULLS LAST, u.first_name NULLS LAST, l.address, l.id`.execute(this.db);
    return rows;
  }
}
