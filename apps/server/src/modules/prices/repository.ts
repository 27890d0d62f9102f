import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { MARKET_TIME_ZONE } from '../../integrations/entsoe/delivery-day.ts';
import type { PriceRow } from './compute.ts';

export type Bucket = 'hour' | 'day' | 'month';

/**
 * Spot prices as published (EUR/MWh per zone and interval), each with the EUR rate of its
 * delivery day: the latest rate on or before that day (no rates are published on weekends and
 * holidays). One statement: the rates are looked up once per delivery day, not per interval.
 */
export class PricesRepository {
  private readonly db: Db;
  private timeZones: Promise<Set<string>> | undefined;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The prices of a zone whose intervals start in [from, to), in time order. `rateCurrency`
   * null leaves `eurRate` null (EUR). `bucket` cuts local hours, days or months in `timeZone`
   * with PostgreSQL's own zone rules (a DST day has 23 or 25 hours).
   */
  async prices(zone: string, from: Date, to: Date, rateCurrency: 'SEK' | 'NOK' | null, bucket: Bucket | null, timeZone: string): Promise<PriceRow[]> {
    const rate = rateCurrency
      ? sql<string | null>`(SELECT e.eur_rate FROM exchange_rates e WHERE e.currency = ${rateCurrency} AND e.day <= d.day ORDER BY e.day DESC LIMIT 1)`
      : sql<null>`NULL::numeric`;
    const bucketOf = bucket ? sql<Date>`date_trunc(${bucket}, p.interval_start, ${timeZone})` : sql<null>`NULL::timestamptz`;
    const result = await sql<{ interval_start: Date; minutes: number; price_eur_mwh: string; day: string; eur_rate: string | null; bucket: Date | null }>`
      WITH p AS (
        SELECT interval_start, minutes, price_eur_mwh, (interval_start AT TIME ZONE ${MARKET_TIME_ZONE})::date AS day
        FROM spot_prices
        WHERE zone = ${zone} AND interval_start >= ${from} AND interval_start < ${to}
      ), rates AS (
        SELECT d.day, ${rate} AS eur_rate FROM (SELECT DISTINCT day FROM p) d
      )
      SELECT p.interval_start, p.minutes, p.price_eur_mwh, p.day::text AS day, rates.eur_rate, ${bucketOf} AS bucket
      FROM p JOIN rates USING (day)
      ORDER BY p.interval_start`.execute(this.db);
    return result.rows.map((r) => ({
      start: r.interval_start,
      minutes: r.minutes,
      eurMwh: r.price_eur_mwh,
      eurRate: r.eur_rate,
      day: r.day,
      bucket: r.bucket,
    }));
  }

  /** Whether PostgreSQL knows the zone (it cuts the buckets); its list, read once. */
  async knowsTimeZone(timeZone: string): Promise<boolean> {
    this.timeZones ??= sql<{ name: string }>`SELECT name FROM pg_timezone_names`
      .execute(this.db)
      .then((r) => new Set(r.rows.map((row) => row.name.toLowerCase())))
      .catch((error: unknown) => {
        this.timeZones = undefined;
        throw error;
      });
    return (await this.timeZones).has(timeZone.toLowerCase());
  }
}
