import type { CategorisedSpotPrice, SpotPrice } from '@gridline/contracts/prices';
import type { Currency } from '@gridline/contracts/enums';
import { AppError } from '../../lib/errors.ts';

/**
 * The arithmetic of spot prices, apart from the SQL that fetches them: EUR/MWh as published to a
 * currency per kWh, and means over buckets weighted by each interval's length (an hour of four
 * quarters is their plain mean; a local day that holds an hourly and quarter-hourly part, or 23
 * or 25 hours, is the mean over its real time).
 */

/** A published price with the EUR rate of its delivery day and the bucket it falls in. */
export interface PriceRow {
  start: Date;
  minutes: number;
  /** EUR/MWh, decimal text. */
  eurMwh: string;
  /** Units of the currency per EUR on the delivery day (the latest on or before it); null when unknown. */
  eurRate: string | null;
  /** The delivery day (YYYY-MM-DD), named in the error when its rate is missing. */
  day: string;
  /** The first instant of the local hour, day or month the interval falls in; null when not bucketed. */
  bucket: Date | null;
}

/** A price in the asked currency per kWh. */
export interface Priced {
  start: Date;
  minutes: number;
  value: number;
  bucket: Date | null;
}

const QUARTER_MS = 15 * 60_000;

/** Values are answered with 6 decimals: a thousandth of an öre, cent or øre per kWh. */
export const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** EUR/MWh to the currency per kWh: × rate (units per EUR), ÷ 1000 kWh per MWh. */
export function perKwh(eurMwh: number, eurRate: number): number {
  return (eurMwh * eurRate) / 1000;
}

/** Every row in `currency` per kWh; EUR needs no rate. A missing rate is an error, never a guess. */
export function convert(rows: readonly PriceRow[], currency: Currency): Priced[] {
  return rows.map((row) => {
    let rate = 1;
    if (currency !== 'EUR') {
      if (row.eurRate === null) throw new AppError('MISSING_EXCHANGE_RATE', { data: { currency, day: row.day } });
      rate = Number(row.eurRate);
    }
    return { start: row.start, minutes: row.minutes, value: perKwh(Number(row.eurMwh), rate), bucket: row.bucket };
  });
}

/** The time-weighted mean of the given prices; null when there are none. */
export function mean(rows: readonly Pick<Priced, 'minutes' | 'value'>[]): number | null {
  let weighted = 0;
  let minutes = 0;
  for (const row of rows) {
    weighted += row.value * row.minutes;
    minutes += row.minutes;
  }
  return minutes === 0 ? null : weighted / minutes;
}

/** One price per bucket (rows in time order, buckets given), the time-weighted mean of its intervals. */
export function meanByBucket(rows: readonly Priced[]): SpotPrice[] {
  const out: SpotPrice[] = [];
  let group: Priced[] = [];
  const flush = () => {
    const value = mean(group);
    if (value !== null) out.push({ date: group[0]!.bucket!.toISOString(), value: round6(value) });
    group = [];
  };
  for (const row of rows) {
    if (!row.bucket) throw new Error('meanByBucket needs bucketed rows');
    if (group.length > 0 && group[0]!.bucket!.getTime() !== row.bucket.getTime()) flush();
    group.push(row);
  }
  if (group.length > 0) flush();
  return out;
}

/** Quarter-hours: an hourly price holds for each of its four quarters. */
export function toQuarters(rows: readonly Priced[]): SpotPrice[] {
  const out: SpotPrice[] = [];
  for (const row of rows) {
    const value = round6(row.value);
    for (let at = row.start.getTime(); at < row.start.getTime() + row.minutes * 60_000; at += QUARTER_MS) {
      out.push({ date: new Date(at).toISOString(), value });
    }
  }
  return out;
}

/**
 * Each price's third of the set (spec 001 section 3: good, intermediate or bad by thirds): the
 * cheapest third is good, the dearest third bad. Equal prices share the category of the first.
 */
export function categorise(prices: readonly SpotPrice[]): CategorisedSpotPrice[] {
  const n = prices.length;
  const sorted = prices.map((p) => p.value).sort((a, b) => a - b);
  return prices.map((price) => {
    const rank = sorted.indexOf(price.value);
    const category = rank < n / 3 ? 'good' : rank >= (2 * n) / 3 ? 'bad' : 'intermediate';
    return { ...price, category };
  });
}
