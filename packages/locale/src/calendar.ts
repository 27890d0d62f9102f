/**
 * Calendar periods by date key, in a time zone: `2025` (year), `2025-03` (month), `2025-W13`
 * (ISO week), `2025-03-30` (day), `2025-03-30T02` (hour). A period is the half-open range of
 * instants [start, end) between local boundaries, so a day has 23, 24 or 25 hours. Shared by the
 * server (which reads roll-ups by these ranges) and the portal (which pages through them).
 */
export type PeriodUnit = 'year' | 'month' | 'week' | 'day' | 'hour';

export interface DateKey {
  unit: PeriodUnit;
  year: number;
  month: number;
  /** ISO week number, for week keys. */
  week: number;
  day: number;
  hour: number;
}

export interface Period {
  unit: PeriodUnit;
  key: string;
  start: Date;
  end: Date;
}

const KEY = /^(\d{4})(?:-(?:W(\d{2})|(\d{2})(?:-(\d{2})(?:T(\d{2}))?)?))?$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The number of ISO weeks in a year: 53 when it starts on a Thursday, or a leap year on a Wednesday. */
function isoWeeksInYear(year: number): number {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = daysInMonth(year, 2) === 29;
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52;
}

/** Monday (as a UTC calendar date) of ISO week `week` of `year`. */
function isoWeekMonday(year: number, week: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(mondayOfWeek1 + (week - 1) * 7 * DAY_MS);
}

/** Parses and validates a date key; null when it is not a real period (`2025-13`, `20xx`, `2025-02-30`). */
export function parseDateKey(key: string): DateKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1970 || year > 2100) return null;
  const base = { year, month: 1, week: 0, day: 1, hour: 0 };
  if (match[2] !== undefined) {
    const week = Number(match[2]);
    return week >= 1 && week <= isoWeeksInYear(year) ? { ...base, unit: 'week', week } : null;
  }
  if (match[3] === undefined) return { ...base, unit: 'year' };
  const month = Number(match[3]);
  if (month < 1 || month > 12) return null;
  if (match[4] === undefined) return { ...base, unit: 'month', month };
  const day = Number(match[4]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (match[5] === undefined) return { ...base, unit: 'day', month, day };
  const hour = Number(match[5]);
  return hour <= 23 ? { ...base, unit: 'hour', month, day, hour } : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formattedWallClock(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, format);
  }
  const v: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') v[part.type] = Number(part.value);
  return Date.UTC(v.year!, v.month! - 1, v.day!, v.hour!, v.minute!);
}

/**
 * The wall clock of an instant in a zone (to the minute), as a UTC timestamp. Intl is slow (a
 * month's children take ~2 ms), so the zone's offset is remembered per UTC hour: the zones served
 * (spec 000 §9: Stockholm, Oslo, Helsinki, Vienna, London) change offset only on the hour.
 */
const offsets = new Map<string, Map<number, number>>();
function wallClock(instant: number, timeZone: string): number {
  const hour = Math.floor(instant / HOUR_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    offset = formattedWallClock(hour * HOUR_MS, timeZone) - hour * HOUR_MS;
    if (zone.size > 100_000) zone.clear();
    zone.set(hour, offset);
  }
  return Math.floor((instant + offset) / 60_000) * 60_000;
}

/**
 * The first instant whose wall-clock time in `timeZone` is the given one (written as a UTC
 * timestamp); null when that wall time does not exist there (the hour skipped in spring).
 */
export function instantOfWallTime(wall: number, timeZone: string): Date | null {
  const candidates = [wall - (wallClock(wall - 12 * HOUR_MS, timeZone) - (wall - 12 * HOUR_MS)), wall - (wallClock(wall + 12 * HOUR_MS, timeZone) - (wall + 12 * HOUR_MS))];
  const valid = candidates.filter((t) => wallClock(t, timeZone) === wall);
  return valid.length > 0 ? new Date(Math.min(...valid)) : null;
}

function startOf(k: DateKey): { wall: number; next: number } {
  switch (k.unit) {
    case 'year':
      return { wall: Date.UTC(k.year, 0, 1), next: Date.UTC(k.year + 1, 0, 1) };
    case 'month':
      return { wall: Date.UTC(k.year, k.month - 1, 1), next: Date.UTC(k.year, k.month, 1) };
    case 'week': {
      const monday = isoWeekMonday(k.year, k.week).getTime();
      return { wall: monday, next: monday + 7 * DAY_MS };
    }
    case 'day':
      return { wall: Date.UTC(k.year, k.month - 1, k.day), next: Date.UTC(k.year, k.month - 1, k.day + 1) };
    case 'hour': {
      const wall = Date.UTC(k.year, k.month - 1, k.day, k.hour);
      return { wall, next: wall + HOUR_MS };
    }
  }
}

/** The instants a key covers in a time zone; null for an invalid key or an hour that does not exist there. */
export function periodOf(key: string, timeZone: string): Period | null {
  const k = parseDateKey(key);
  if (!k) return null;
  const { wall, next } = startOf(k);
  const start = instantOfWallTime(wall, timeZone);
  if (!start) return null;
  // An hour is one hour of real time, even the repeated one in autumn.
  const end = k.unit === 'hour' ? new Date(start.getTime() + HOUR_MS) : instantOfWallTime(next, timeZone);
  return end ? { unit: k.unit, key, start, end } : null;
}

/** The key of the period of `unit` that contains `instant` in `timeZone`. */
export function keyOf(instant: Date, unit: PeriodUnit, timeZone: string): string {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  const [y, m, d, h] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours()];
  switch (unit) {
    case 'year':
      return pad(y, 4);
    case 'month':
      return `${pad(y, 4)}-${pad(m)}`;
    case 'day':
      return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
    case 'hour':
      return `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}`;
    case 'week': {
      // The ISO week's year is the year of its Thursday.
      const thursday = new Date(Date.UTC(y, m - 1, d) + (3 - ((wall.getUTCDay() + 6) % 7)) * DAY_MS);
      const weekYear = thursday.getUTCFullYear();
      const week = Math.round((thursday.getTime() - isoWeekMonday(weekYear, 1).getTime()) / (7 * DAY_MS)) + 1;
      return `${pad(weekYear, 4)}-W${pad(week)}`;
    }
  }
}

/** The periods one level down: months of a year, days of a month or week, hours of a day. */
export function childPeriods(key: string, timeZone: string): Period[] {
  const period = periodOf(key, timeZone);
  if (!period) return [];
  const unit: PeriodUnit | null = period.unit === 'year' ? 'month' : period.unit === 'month' || period.unit === 'week' ? 'day' : period.unit === 'day' ? 'hour' : null;
  if (!unit) return [];
  const children: Period[] = [];
  let at = period.start;
  while (at < period.end) {
    const childKey = keyOf(at, unit, timeZone);
    const end = unit === 'hour' ? new Date(at.getTime() + HOUR_MS) : periodOf(childKey, timeZone)!.end;
    children.push({ unit, key: childKey, start: at, end });
    at = end;
  }
  return children;
}

/** The key `steps` periods after (or before, when negative) the given one, in the same unit. */
export function stepKey(key: string, steps: number, timeZone: string): string | null {
  const k = parseDateKey(key);
  if (!k) return null;
  switch (k.unit) {
    case 'year':
      return pad(k.year + steps, 4);
    case 'month': {
      const d = new Date(Date.UTC(k.year, k.month - 1 + steps, 1));
      return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}`;
    }
    case 'week':
      return keyOf(new Date(isoWeekMonday(k.year, k.week).getTime() + steps * 7 * DAY_MS + 12 * HOUR_MS), 'week', 'UTC');
    case 'day': {
      const d = new Date(Date.UTC(k.year, k.month - 1, k.day + steps));
      return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    }
    case 'hour': {
      const period = periodOf(key, timeZone);
      return period ? keyOf(new Date(period.start.getTime() + steps * HOUR_MS), 'hour', timeZone) : null;
    }
  }
}
