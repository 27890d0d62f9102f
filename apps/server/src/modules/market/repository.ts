import { sql, type Kysely } from 'kysely';
import type { PriceZone } from '@gridline/contracts/enums';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type DayState = 'missing' | 'preliminary' | 'final';
export type RateCurrency = 'SEK' | 'NOK';

export interface SpotPriceInput {
  intervalStart: Date;
  minutes: 15 | 60;
  /** EUR/MWh as decimal text, as published (kept exact). */
  priceEurMwh: string;
}

export interface ExchangeRateInput {
  day: string;
  currency: RateCurrency;
  /** Units of the currency for one euro, as decimal text. */
  eurRate: string;
}

/** The span of the rows a write changed: [from, to), or null when nothing changed. */
export interface ChangedSpan {
  changed: number;
  from: Date | null;
  to: Date | null;
}

/**
 * Market data: spot prices per zone and interval, the publication state of each zone's delivery
 * day, and EUR exchange rates. Writes are upserts that touch (and report) only rows whose values
 * differ, so writing the same data again changes nothing.
 */
export class MarketRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Makes the zone's prices within [from, to) exactly `points`: new and different ones are
   * written, ones no longer published are removed; the day's state is set in the same
   * transaction. Answers the span of the prices that changed and whether the state did.
   */
  writeDay(
    zone: PriceZone,
    day: string,
    from: Date,
    to: Date,
    points: readonly SpotPriceInput[],
    state: DayState,
    at: Date,
  ): Promise<ChangedSpan & { stateChanged: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const span = await upsertPrices(trx, zone, from, to, points);
      const stateChanged = await setState(trx, zone, day, state, at, false);
      return { ...span, stateChanged };
    });
  }

  /** Sets a day's state; with `unlessFinal` a final day keeps its state. Answers whether it changed. */
  setDayState(zone: PriceZone, day: string, state: DayState, at: Date, unlessFinal = false): Promise<boolean> {
    return setState(this.db, zone, day, state, at, unlessFinal);
  }

  async dayStates(zones: readonly PriceZone[], days: readonly string[]): Promise<Array<{ zone: PriceZone; day: string; state: DayState }>> {
    if (zones.length === 0 || days.length === 0) return [];
    const rows = await this.db
      .selectFrom('spot_price_days')
      .select(['zone', 'delivery_day', 'state'])
      .where('zone', 'in', [...zones])
      .where('delivery_day', 'in', [...days])
      .execute();
    return rows.map((r) => ({ zone: r.zone as PriceZone, day: r.delivery_day, state: r.state }));
  }

  /** The newest final delivery day per zone (zones without one are absent). */
  async lastFinalDays(zones: readonly PriceZone[]): Promise<Map<PriceZone, string>> {
    if (zones.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('spot_price_days')
      .select((eb) => ['zone', eb.fn.max('delivery_day').as('day')])
      .where('zone', 'in', [...zones])
      .where('state', '=', 'final')
      .groupBy('zone')
      .execute();
    return new Map(rows.map((r) => [r.zone as PriceZone, String(r.day)]));
  }

  /** The price zones of the locations in the database, in order. */
  async priceZonesInUse(): Promise<PriceZone[]> {
    const rows = await this.db.selectFrom('locations').select('price_zone').distinct().where('price_zone', 'is not', null).orderBy('price_zone').execute();
    return rows.map((r) => r.price_zone as PriceZone);
  }

  /** Answers the rows that were new or different. */
  async upsertExchangeRates(rates: readonly ExchangeRateInput[]): Promise<Array<{ day: string; currency: RateCurrency }>> {
    if (rates.length === 0) return [];
    const result = await sql<{ day: string; currency: RateCurrency }>`
      INSERT INTO exchange_rates AS r (day, currency, eur_rate)
      SELECT * FROM unnest(${rates.map((r) => r.day)}::date[], ${rates.map((r) => r.currency)}::text[], ${rates.map((r) => r.eurRate)}::numeric[])
      ON CONFLICT (day, currency) DO UPDATE SET eur_rate = excluded.eur_rate
        WHERE r.eur_rate IS DISTINCT FROM excluded.eur_rate
      RETURNING day, currency`.execute(this.db);
    return result.rows;
  }

  /** The newest day with a rate of every currency (the older of the currencies' newest), or null. */
  async latestExchangeRateDay(currencies: readonly RateCurrency[]): Promise<string | null> {
    const rows = await this.db
      .selectFrom('exchange_rates')
      .select((eb) => ['currency', eb.fn.max('day').as('day')])
      .where('currency', 'in', [...currencies])
      .groupBy('currency')
      .execute();
    if (rows.length < currencies.length) return null;
    return rows.map((r) => String(r.day)).sort()[0] ?? null;
  }
}

async function upsertPrices(db: Kysely<Database>, zone: PriceZone, from: Date, to: Date, points: readonly SpotPriceInput[]): Promise<ChangedSpan> {
  const starts = points.map((p) => p.intervalStart.toISOString());
  const result = await sql<{ first: Date | null; last: Date | null; n: number }>`
    WITH upserted AS (
      INSERT INTO spot_prices AS p (zone, interval_start, minutes, price_eur_mwh)
      SELECT ${zone}::text, * FROM unnest(${starts}::timestamptz[], ${points.map((p) => p.minutes)}::smallint[], ${points.map((p) => p.priceEurMwh)}::numeric[])
      ON CONFLICT (zone, interval_start) DO UPDATE SET minutes = excluded.minutes, price_eur_mwh = excluded.price_eur_mwh
        WHERE (p.minutes, p.price_eur_mwh) IS DISTINCT FROM (excluded.minutes, excluded.price_eur_mwh)
      RETURNING interval_start, minutes
    ), removed AS (
      DELETE FROM spot_prices p
      WHERE p.zone = ${zone} AND p.interval_start >= ${from.toISOString()}::timestamptz AND p.interval_start < ${to.toISOString()}::timestamptz
        AND p.interval_start <> ALL (${starts}::timestamptz[])
      RETURNING interval_start, minutes
    ), touched AS (SELECT * FROM upserted UNION ALL SELECT * FROM removed)
    SELECT min(interval_start) AS first, max(interval_start + minutes * interval '1 minute') AS last, count(*)::int AS n FROM touched`.execute(db);
  const row = result.rows[0];
  return { changed: row?.n ?? 0, from: row?.first ?? null, to: row?.last ?? null };
}

async function setState(db: Kysely<Database>, zone: PriceZone, day: string, state: DayState, at: Date, unlessFinal: boolean): Promise<boolean> {
  const result = await sql<{ zone: string }>`
    INSERT INTO spot_price_days AS d (zone, delivery_day, state, updated_at)
    VALUES (${zone}, ${day}::date, ${state}, ${at.toISOString()}::timestamptz)
    ON CONFLICT (zone, delivery_day) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
      WHERE d.state IS DISTINCT FROM excluded.state AND (${!unlessFinal}::boolean OR d.state <> 'final')
    RETURNING zone`.execute(db);
  return result.rows.length > 0;
}
