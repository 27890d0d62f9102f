/**
 * Day-ahead delivery days are market days in CET/CEST (Europe/Brussels) for every zone we serve,
 * Finland included, so one delivery day runs 23:00Z–23:00Z in winter and 22:00Z–22:00Z in summer
 * and has 23, 24 or 25 hours.
 */
export const MARKET_TIME_ZONE = 'Europe/Brussels';

/** First delivery day of the 15-minute day-ahead market (auction of 2025-09-30). */
export const QUARTER_HOUR_MARKET_START = '2025-10-01';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const marketClock = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Wall-clock fields of an instant in the market time zone. */
export function marketWallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const fields: Record<string, number> = {};
  for (const part of marketClock.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return { year: fields.year ?? 0, month: fields.month ?? 0, day: fields.day ?? 0, hour: fields.hour ?? 0, minute: fields.minute ?? 0 };
}

/** Offset of the market time zone from UTC at an instant, in minutes (60 or 120). */
export function marketOffsetMinutes(instant: Date): number {
  const c = marketWallClock(instant);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return Math.round((wall - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

function parseDay(day: string): number {
  const match = DAY_PATTERN.exec(day);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return ms;
}

export function addDays(day: string, days: number): string {
  return new Date(parseDay(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The delivery day (YYYY-MM-DD) an instant falls in. */
export function deliveryDayOf(instant: Date): string {
  const c = marketWallClock(instant);
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The UTC instants a delivery day runs between: [start, end). */
export function deliveryDayPeriod(day: string): { start: Date; end: Date } {
  return { start: marketMidnight(day), end: marketMidnight(addDays(day, 1)) };
}

/** Quarter-hours from 2025-10-01, hours before. */
export function resolutionOfDeliveryDay(day: string): 15 | 60 {
  parseDay(day);
  return day >= QUARTER_HOUR_MARKET_START ? 15 : 60;
}

function marketMidnight(day: string): Date {
  const utcMidnight = parseDay(day);
  // Midnight never falls in a DST gap in Brussels (changes happen at 02:00/03:00), so the offset
  // a few hours before UTC midnight is the offset at local midnight.
  const offset = marketOffsetMinutes(new Date(utcMidnight - 3 * 3_600_000));
  return new Date(utcMidnight - offset * MINUTE_MS);
}
