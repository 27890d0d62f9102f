import type { Country } from '@gridline/contracts/enums';

/**
 * Local time in the four demo countries by arithmetic instead of Intl: the readings generator
 * needs the local hour and weekday of millions of intervals, and `Intl.DateTimeFormat` costs
 * microseconds a call. All four follow the EU summer-time rule (since 1996): from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October, one hour ahead of the
 * standard offset. PostgreSQL's `gridline_time_zone(country)` names the same zones.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const STANDARD_OFFSET_HOURS: Readonly<Record<Country, number>> = { SE: 1, NO: 1, AT: 1, FI: 2 };

/** 01:00 UTC on the last Sunday of a month (0-based month index), in ms. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0);
  const weekday = new Date(lastDay).getUTCDay(); // 0 = Sunday
  return lastDay - weekday * DAY_MS + HOUR_MS;
}

const summerTimeCache = new Map<number, readonly [number, number]>();

function summerTime(year: number): readonly [number, number] {
  let range = summerTimeCache.get(year);
  if (!range) {
    range = [lastSundayAtOneUtc(year, 2), lastSundayAtOneUtc(year, 9)];
    summerTimeCache.set(year, range);
  }
  return range;
}

/** The offset from UTC, in ms, of a country's local time at an instant. */
export function utcOffsetMs(country: Country, instant: number): number {
  const [start, end] = summerTime(new Date(instant).getUTCFullYear());
  return (STANDARD_OFFSET_HOURS[country] + (instant >= start && instant < end ? 1 : 0)) * HOUR_MS;
}

/** The instant of local midnight starting a calendar day ('YYYY-MM-DD') in the country. */
export function localMidnight(country: Country, day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Midnight never falls in a summer-time gap (changes happen at 01:00 UTC), so the offset a few
  // hours before UTC midnight is the offset at local midnight.
  return utcMidnight - utcOffsetMs(country, utcMidnight - 4 * HOUR_MS);
}

/**
 * A cursor over increasing instants that answers the local offset without a Date per call: it
 * keeps the current year's summer-time window and only recomputes when an instant leaves it.
 */
export class LocalClock {
  private yearStart = Number.POSITIVE_INFINITY;
  private yearEnd = Number.NEGATIVE_INFINITY;
  private summerStart = 0;
  private summerEnd = 0;
  private readonly standard: number;

  constructor(country: Country) {
    this.standard = STANDARD_OFFSET_HOURS[country] * HOUR_MS;
  }

  /** Local wall-clock ms (UTC fields read as local) of an instant. */
  local(instant: number): number {
    if (instant < this.yearStart || instant >= this.yearEnd) {
      const year = new Date(instant).getUTCFullYear();
      this.yearStart = Date.UTC(year, 0, 1);
      this.yearEnd = Date.UTC(year + 1, 0, 1);
      [this.summerStart, this.summerEnd] = summerTime(year);
    }
    return instant + this.standard + (instant >= this.summerStart && instant < this.summerEnd ? HOUR_MS : 0);
  }
}
