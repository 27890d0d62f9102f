/**
 * The TARGET2 (T2) calendar: the ECB publishes its euro reference rates on TARGET business days
 * only, that is every weekday except New Year's Day, Good Friday, Easter Monday, 1 May and
 * 25 and 26 December. Days are calendar days ('YYYY-MM-DD'), no time of day involved.
 */

const DAY_MS = 86_400_000;

function dayMs(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return ms;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The TARGET closing days of a year that fall on a weekday or not (all six). */
export function targetHolidays(year: number): string[] {
  const easter = dayMs(easterSunday(year));
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [`${year}-01-01`, iso(easter - 2 * DAY_MS), iso(easter + DAY_MS), `${year}-05-01`, `${year}-12-25`, `${year}-12-26`];
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** Whether the ECB publishes reference rates on this day. */
export function isTargetBusinessDay(day: string): boolean {
  const weekday = new Date(dayMs(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (!holidays) holidayCache.set(year, (holidays = new Set(targetHolidays(year))));
  return !holidays.has(day);
}
