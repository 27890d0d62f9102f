import type { PriceZone } from '@gridline/contracts/enums';
import { addDays, deliveryDayPeriod, marketWallClock } from '../../integrations/entsoe/delivery-day.ts';
import type { DayState, ExchangeRateInput, MarketRepository, RateCurrency, SpotPriceInput } from './repository.ts';

export type { DayState, ExchangeRateInput, RateCurrency, SpotPriceInput } from './repository.ts';

/** Called after a write that changed spot prices of `zone` in [from, to). */
export type OnSpotPricesChanged = (zone: PriceZone, from: Date, to: Date) => Promise<void>;
/** Called after a write that changed rates of `currency` on the days `fromDay` to `toDay` (inclusive). */
export type OnExchangeRatesChanged = (currency: RateCurrency, fromDay: string, toDay: string) => Promise<void>;

export interface MarketDataServiceOptions {
  repository: MarketRepository;
  onSpotPricesChanged?: OnSpotPricesChanged;
  onExchangeRatesChanged?: OnExchangeRatesChanged;
}

export interface DayAheadWrite {
  /** Prices written, changed or removed (0 when the day was already exactly these prices). */
  changed: number;
  state: DayState;
  stateChanged: boolean;
}

/** Gate closure of the day-ahead auction: 12:00 CET/CEST on the day before delivery. */
export const GATE_CLOSURE_HOUR = 12;

/**
 * The publication state of day-ahead prices received at `receivedAt` for delivery day `day`:
 * `final` once the auction has closed (from 12:00 CET on the day before; ENTSO-E publishes the
 * results from about 12:45), `preliminary` before that, when they can only be a forecast or a
 * simulator's early answer and are fetched again after the auction.
 */
export function publicationState(day: string, receivedAt: Date): 'final' | 'preliminary' {
  return receivedAt.getTime() >= marketInstant(addDays(day, -1), GATE_CLOSURE_HOUR).getTime() ? 'final' : 'preliminary';
}

/** The instant of a whole hour of a day in market time (Europe/Brussels). */
export function marketInstant(day: string, hour: number): Date {
  const { start } = deliveryDayPeriod(day);
  // Hours before 02:00 are never in a DST change, so adding hours to midnight is exact for the
  // publication hours used here (12, 13, 16); check it rather than trust it.
  const instant = new Date(start.getTime() + hour * 3_600_000);
  const clock = marketWallClock(instant);
  if (clock.hour !== hour) return new Date(instant.getTime() - (clock.hour - hour) * 3_600_000);
  return instant;
}

/**
 * Spot prices, their publication state per zone and delivery day, and EUR exchange rates. Every
 * write is idempotent and reports whether it changed anything; after one that changed rows, the
 * injected callbacks are called (and awaited) with what changed, so that costs can follow.
 */
export class MarketDataService {
  private readonly repository: MarketRepository;
  private readonly onSpotPricesChanged: OnSpotPricesChanged | undefined;
  private readonly onExchangeRatesChanged: OnExchangeRatesChanged | undefined;

  constructor(options: MarketDataServiceOptions) {
    this.repository = options.repository;
    this.onSpotPricesChanged = options.onSpotPricesChanged;
    this.onExchangeRatesChanged = options.onExchangeRatesChanged;
  }

  /** The price zones of the locations in the database. */
  priceZonesInUse(): Promise<PriceZone[]> {
    return this.repository.priceZonesInUse();
  }

  /** The state of each zone's delivery days, keyed `${zone}|${day}`; days without a row are absent. */
  async dayStates(zones: readonly PriceZone[], days: readonly string[]): Promise<Map<string, DayState>> {
    const rows = await this.repository.dayStates(zones, days);
    return new Map(rows.map((r) => [`${r.zone}|${r.day}`, r.state]));
  }

  lastFinalDays(zones: readonly PriceZone[]): Promise<Map<PriceZone, string>> {
    return this.repository.lastFinalDays(zones);
  }

  /**
   * Writes a zone's day-ahead prices for one delivery day (the whole day: prices of that day not
   * in `points` are removed) and records its publication state by `publicationState(day,
   * receivedAt)`. Calls `onSpotPricesChanged` with the span of the changed prices.
   */
  async writeDayAheadPrices(zone: PriceZone, day: string, points: readonly SpotPriceInput[], receivedAt: Date): Promise<DayAheadWrite> {
    const { start, end } = deliveryDayPeriod(day);
    if (points.length === 0) throw new RangeError(`No prices for ${zone} on ${day}`);
    for (const point of points) {
      const t = point.intervalStart.getTime();
      if (t < start.getTime() || t + point.minutes * 60_000 > end.getTime()) {
        throw new RangeError(`A price of ${zone} at ${point.intervalStart.toISOString()} is outside delivery day ${day}`);
      }
    }
    const state = publicationState(day, receivedAt);
    const result = await this.repository.writeDay(zone, day, start, end, points, state, receivedAt);
    if (result.changed > 0 && result.from && result.to) await this.onSpotPricesChanged?.(zone, result.from, result.to);
    return { changed: result.changed, state, stateChanged: result.stateChanged };
  }

  /** Records that a day's prices could not be had (the feed gave up); a final day stays final. */
  markDayMissing(zone: PriceZone, day: string, at: Date): Promise<boolean> {
    return this.repository.setDayState(zone, day, 'missing', at, true);
  }

  /**
   * Upserts exchange rates; answers how many rows were new or different and calls
   * `onExchangeRatesChanged` once per currency with the first and last changed day.
   */
  async writeExchangeRates(rates: readonly ExchangeRateInput[]): Promise<{ changed: number }> {
    const changed = await this.repository.upsertExchangeRates(rates);
    const byCurrency = new Map<RateCurrency, { from: string; to: string }>();
    for (const { day, currency } of changed) {
      const span = byCurrency.get(currency);
      if (!span) byCurrency.set(currency, { from: day, to: day });
      else {
        if (day < span.from) span.from = day;
        if (day > span.to) span.to = day;
      }
    }
    for (const [currency, span] of [...byCurrency].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await this.onExchangeRatesChanged?.(currency, span.from, span.to);
    }
    return { changed: changed.length };
  }

  latestExchangeRateDay(currencies: readonly RateCurrency[]): Promise<string | null> {
    return this.repository.latestExchangeRateDay(currencies);
  }
}
