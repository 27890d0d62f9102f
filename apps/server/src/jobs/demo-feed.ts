import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readingLines, type ServicePlan } from '../demo/load-model.ts';
import { utcOffsetMs } from '../demo/local-time.ts';
import { co2Lines, weatherLines } from '../demo/market-data.ts';
import { loadPlanInputs, plansBetween } from '../demo/readings-plan.ts';
import type { AreaWeather } from '../demo/weather-model.ts';
import type { PriceZone } from '@gridline/contracts/enums';
import type { EcbClient } from '../integrations/ecb/client.ts';
import { addDays, deliveryDayOf } from '../integrations/entsoe/delivery-day.ts';
import type { EntsoeClient } from '../integrations/entsoe/client.ts';
import type { MarketDataService, RateCurrency } from '../modules/market/service.ts';
import type { ReadingInput } from '../modules/measurements/service.ts';
import type { MeasurementsService } from '../modules/measurements/service.ts';
import { fetchDayAhead } from './day-ahead.ts';
import { RATE_CURRENCIES } from './ecb-rates.ts';
import { describeError, type JobLog } from './log.ts';
import { CATCH_UP_LIMIT_DAYS, demoFeedDays } from './rules.ts';

/** Readings per `MeasurementsService.write` call (the ingestion API's batch size). */
const WRITE_BATCH = 5_000;

export interface DemoFeedDeps {
  db: Db;
  measurements: MeasurementsService;
  market: MarketDataService;
  entsoe: EntsoeClient;
  ecb: EcbClient;
  log: JobLog;
  now: () => Date;
  /** The demo's fixed today (DEMO_TODAY); the market day of `now` when absent. */
  today?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface DemoFeedResult {
  today: string;
  /** The days readings were generated for, oldest first. */
  days: string[];
  readings: number;
  changed: number;
  spotDays: number;
  spotChanged: number;
  ratesChanged: number;
}

/**
 * The `demo-daily-feed` job: keeps the demo alive from day to day. Every demo service gets the
 * readings of the days since its last reading up to today minus the measurement delay, generated
 * by the demo generator one local day at a time (`plansBetween(inputs, day, day)`, so a day's
 * readings are the same whenever it is generated) and written through
 * `MeasurementsService.write`, which keeps the roll-ups. The newest day is an estimate for the
 * services the demo estimates; when the next day arrives, the day before is written again as a
 * real reading. Before the readings, the spot prices (of each day not final yet) and the
 * exchange rates from the first new day to today are fetched from the market sources (the
 * simulators, unless MARKET_DATA=live) and written through the market service.
 */
export async function runDemoFeed(deps: DemoFeedDeps): Promise<DemoFeedResult> {
  const today = deps.today ?? deliveryDayOf(deps.now());
  const inputs = await loadPlanInputs(deps.db);
  const services = inputs.rows.map((row) => ({ seq: row.seq, country: row.country, startDate: row.start_date, endDate: row.end_date }));
  const lastDays = await lastReadingDays(deps.db, services);
  const lastAny = [...lastDays.values()].sort().at(-1) ?? null;

  // Which days each service needs, and which services need each day.
  const byDay = new Map<string, { fresh: Set<number>; confirm: Set<number> }>();
  const entry = (day: string) => {
    let value = byDay.get(day);
    if (!value) byDay.set(day, (value = { fresh: new Set(), confirm: new Set() }));
    return value;
  };
  for (const { seq, startDate, endDate } of services) {
    const lastOwn = lastDays.get(seq) ?? null;
    // Within the service's own life: an ended service gets nothing, a new one starts on its first day.
    const days = demoFeedDays(today, lastOwn, lastAny).filter((day) => day >= startDate && (endDate === null || day <= endDate));
    for (const day of days) entry(day).fresh.add(seq);
    // The previous newest day may be an estimate: it is written again as a real reading.
    if (days.length > 0 && lastOwn !== null) entry(lastOwn).confirm.add(seq);
  }
  const target = addDays(today, -2);
  const newDays = [...byDay.entries()]
    .filter(([, e]) => e.fresh.size > 0)
    .map(([day]) => day)
    .sort();
  // Prices, rates, CO2 and weather first, so that the readings' cost and CO2 can be had as they are written.
  const market = await catchUpMarket(deps, today, newDays[0] ?? target);
  if (newDays.length > 0) await writeCo2AndWeather(deps.db, inputs.areas, newDays[0]!, addDays(today, 1));
  const result: DemoFeedResult = { today, days: [], readings: 0, changed: 0, ...market };

  for (const day of [...byDay.keys()].sort()) {
    if (deps.signal?.aborted) break;
    const { fresh, confirm } = byDay.get(day) as { fresh: Set<number>; confirm: Set<number> };
    const readings: ReadingInput[] = [];
    for (const { plans } of plansBetween(inputs, day, day)) {
      for (const plan of plans) {
        if (!fresh.has(plan.seq) && !(confirm.has(plan.seq) && Number.isFinite(plan.estimatedFrom))) continue;
        // Only the newest day of the feed is an estimate (for the services the demo estimates).
        if (day !== target || !fresh.has(plan.seq)) plan.estimatedFrom = Number.POSITIVE_INFINITY;
        readings.push(...readingsOf(plan));
      }
    }
    for (let index = 0; index < readings.length; index += WRITE_BATCH) {
      result.changed += await deps.measurements.write(readings.slice(index, index + WRITE_BATCH));
    }
    result.readings += readings.length;
    if (fresh.size > 0) result.days.push(day);
  }
  if (result.days.length > 0)
    deps.log.info(`demo-daily-feed: ${result.readings} readings for ${result.days[0]}–${result.days.at(-1)}, ${result.changed} changed`);
  return result;
}

/**
 * The demo's CO2 intensity and weather for [firstDay, lastDay) (UTC days, a day of margin on each
 * side of the local days), from the same deterministic models as the demo data; rows that exist
 * are kept.
 */
async function writeCo2AndWeather(db: Db, areas: readonly AreaWeather[], firstDay: string, lastDay: string): Promise<void> {
  const from = Date.parse(`${addDays(firstDay, -1)}T00:00:00Z`);
  const to = Date.parse(`${addDays(lastDay, 1)}T00:00:00Z`);
  const zones = (await sql<{ zone: PriceZone }>`SELECT DISTINCT price_zone AS zone FROM locations WHERE price_zone IS NOT NULL`.execute(db)).rows.map((r) => r.zone);
  const co2 = [...co2Lines(zones, from, to)].map((line) => line.trimEnd().split('\t'));
  const weather = [...weatherLines(areas, from, to)].map((line) => line.trimEnd().split('\t'));
  for (let i = 0; i < co2.length; i += 5000) {
    const part = co2.slice(i, i + 5000);
    await sql`INSERT INTO co2_intensity (zone, hour_start, grams_per_kwh)
      SELECT * FROM unnest(${part.map((r) => r[0])}::text[], ${part.map((r) => r[1])}::timestamptz[], ${part.map((r) => r[2])}::numeric[])
      ON CONFLICT DO NOTHING`.execute(db);
  }
  for (let i = 0; i < weather.length; i += 5000) {
    const part = weather.slice(i, i + 5000);
    await sql`INSERT INTO weather (area, hour_start, temperature, cloud_cover)
      SELECT * FROM unnest(${part.map((r) => r[0])}::text[], ${part.map((r) => r[1])}::timestamptz[], ${part.map((r) => r[2])}::numeric[], ${part.map((r) => r[3])}::numeric[])
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

/** The newest reading of each service, as the local day it falls in. */
async function lastReadingDays(db: Db, services: ReadonlyArray<{ seq: number; country: string }>): Promise<Map<number, string>> {
  if (services.length === 0) return new Map();
  const rows = await sql<{ seq: number; last: Date | null }>`
    SELECT s.seq, (SELECT max(r.interval_start) FROM readings r WHERE r.service_seq = s.seq) AS last
    FROM unnest(${services.map((s) => s.seq)}::int[]) AS s(seq)`.execute(db);
  const countryOf = new Map(services.map((s) => [s.seq, s.country]));
  const days = new Map<number, string>();
  for (const row of rows.rows) {
    if (row.last === null) continue;
    const t = row.last.getTime();
    const country = countryOf.get(row.seq) as Parameters<typeof utcOffsetMs>[0];
    days.set(row.seq, new Date(t + utcOffsetMs(country, t)).toISOString().slice(0, 10));
  }
  return days;
}

/** A plan's readings, from the generator's COPY lines (seq, start, minutes, value, certainty, status, source). */
function readingsOf(plan: ServicePlan): ReadingInput[] {
  const readings: ReadingInput[] = [];
  for (const line of readingLines(plan)) {
    const [seq, start, minutes, value, certainty, status, source] = line.slice(0, -1).split('\t');
    readings.push({
      serviceSeq: Number(seq),
      intervalStart: new Date(`${(start ?? '').replace(' ', 'T').replace(/\+00$/, 'Z')}`),
      minutes: Number(minutes) as 15 | 60,
      value: value ?? '0',
      certainty: Number(certainty),
      status: Number(status),
      source: Number(source),
    });
  }
  return readings;
}

/**
 * Spot prices and exchange rates for the days from the first new reading day (two days ago when
 * there was none) to today, from the market sources: every day not final yet for a zone is
 * fetched, and the window's rates are asked for once. Tomorrow is left to `entsoe-day-ahead`.
 */
async function catchUpMarket(deps: DemoFeedDeps, today: string, firstNew: string): Promise<{ spotDays: number; spotChanged: number; ratesChanged: number }> {
  const limit = addDays(today, -CATCH_UP_LIMIT_DAYS);
  const from = firstNew < limit ? limit : firstNew;
  const days: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
  const zones = await deps.market.priceZonesInUse();
  const states = await deps.market.dayStates(zones, days);
  let spotDays = 0;
  let spotChanged = 0;
  for (const zone of zones) {
    for (const day of days) {
      if (deps.signal?.aborted || states.get(`${zone}|${day}`) === 'final') continue;
      try {
        const fetched = await fetchDayAhead(deps.entsoe, zone, day);
        if (fetched.kind !== 'prices') {
          deps.log.warn(`demo-daily-feed: no prices for ${zone} on ${day}: ${fetched.reason}`);
          continue;
        }
        const written = await deps.market.writeDayAheadPrices(zone, day, fetched.points, deps.now());
        spotDays += 1;
        spotChanged += written.changed;
      } catch (error) {
        deps.log.warn(`demo-daily-feed: prices for ${zone} on ${day}: ${describeError(error)}`);
      }
    }
  }
  let ratesChanged = 0;
  if (!deps.signal?.aborted) {
    try {
      const rates = await deps.ecb.referenceRates(RATE_CURRENCIES, from, today);
      ratesChanged = (await deps.market.writeExchangeRates(rates.map((r) => ({ day: r.day, currency: r.currency as RateCurrency, eurRate: r.eurRate }))))
        .changed;
    } catch (error) {
      deps.log.warn(`demo-daily-feed: exchange rates from ${from}: ${describeError(error)}`);
    }
  }
  return { spotDays, spotChanged, ratesChanged };
}
