import { keyOf, parseDateKey, periodOf, stepKey } from '@gridline/locale/calendar';
import type { KeyedPeriod } from './analysis-rules.ts';

/**
 * Date keys of the history view (spec 000 §4.5) in the location's time zone: which period is
 * shown first, how the arrows step and where they stop, and which key a change of period or the
 * "same period last year" comparison reads. Keys of one unit sort as text ('2026-W09' <
 * '2026-W10'), so limits are text comparisons.
 */

/** How far back the arrows go: this year and the nine before it (the ten years of spec 001 §9's date caches). */
export const YEARS_BACK = 9;

const DAY_MS = 86_400_000;

/** What one press of an arrow moves (spec 000 §4.5): 1 hour, 1 day, 7 days, 1 month or 12 months. */
export const STEP: Record<KeyedPeriod | 'hour', { unit: 'hours' | 'days' | 'months'; amount: number }> = {
  hour: { unit: 'hours', amount: 1 },
  day: { unit: 'days', amount: 1 },
  week: { unit: 'days', amount: 7 },
  month: { unit: 'months', amount: 1 },
  year: { unit: 'months', amount: 12 },
};

/**
 * Readings arrive `delayDays` late (spec 000 §9: "default measurements delay 2 days,
 * configurable"; the organisation's flag MEASUREMENTS_DELAY_DAYS): the latest readings are those
 * of now less the delay. Their period is the latest one the views show (decision 0015): with no
 * delay it is the current period of spec 000 §4.5.
 */
export const latestReadingsAt = (now: Date, delayDays: number): Date => new Date(now.getTime() - delayDays * DAY_MS);

/** The key of the period of the latest readings: shown first, and the last one the arrows reach. */
export const latestKey = (period: KeyedPeriod, now: Date, timeZone: string, delayDays: number): string => keyOf(latestReadingsAt(now, delayDays), period, timeZone);

/** The key shown first: the period of the latest readings. */
export const defaultKey = latestKey;

/** The first key the arrows reach: the start of the year `YEARS_BACK` years before this one. */
export function earliestKey(period: KeyedPeriod, now: Date, timeZone: string): string {
  const firstYear = Number(keyOf(now, 'year', timeZone)) - YEARS_BACK;
  const start = periodOf(String(firstYear), timeZone)?.start ?? now;
  // The week of 1 January can belong to the year before; the week after it does not.
  return period === 'week' ? (stepKey(keyOf(start, 'week', timeZone), 1, timeZone) ?? '') : keyOf(start, period, timeZone);
}

/** A key of the period's unit, not after the period of the latest readings and not before the earliest. */
export function isShowableKey(period: KeyedPeriod, key: string, now: Date, timeZone: string, delayDays: number): boolean {
  return parseDateKey(key)?.unit === period && key <= latestKey(period, now, timeZone, delayDays) && key >= earliestKey(period, now, timeZone);
}

/** Next is disabled at the year, month, week or day of the latest readings (the current one without a delay). */
export const canStepNext = (period: KeyedPeriod, key: string, now: Date, timeZone: string, delayDays: number): boolean => key < latestKey(period, now, timeZone, delayDays);

/** Previous is disabled at the earliest key. */
export const canStepPrevious = (period: KeyedPeriod, key: string, now: Date, timeZone: string): boolean => key > earliestKey(period, now, timeZone);

/** The key one step before or after (`STEP`), or null when that is past a limit. */
export function stepped(period: KeyedPeriod, key: string, direction: 1 | -1, now: Date, timeZone: string, delayDays: number): string | null {
  if (direction === 1 ? !canStepNext(period, key, now, timeZone, delayDays) : !canStepPrevious(period, key, now, timeZone)) return null;
  return stepKey(key, direction, timeZone);
}

/**
 * The key of `to` after a change of period from `from` (null from the total view): the period
 * of the latest readings when the old period holds them, else the last part of the old period
 * when it is past (a year's December), or its first part when it is ahead. Never past the period
 * of the latest readings.
 */
export function keyForPeriodChange(from: { period: KeyedPeriod; key: string } | null, to: KeyedPeriod, now: Date, timeZone: string, delayDays: number): string {
  const reference = latestReadingsAt(now, delayDays);
  const old = from ? periodOf(from.key, timeZone) : null;
  let at = reference;
  if (old) {
    if (reference < old.start) at = old.start;
    else if (reference >= old.end) at = new Date(old.end.getTime() - 1);
  }
  const key = keyOf(at, to, timeZone);
  const latest = latestKey(to, now, timeZone, delayDays);
  return key > latest ? latest : key;
}

/**
 * The same period one year back (the "same period last year" comparison): the year before, the
 * month twelve months before, the same ISO week number (week 52 when that year has no week 53),
 * the same date (28 February for 29 February).
 */
export function lastYearKey(period: KeyedPeriod, key: string): string | null {
  const k = parseDateKey(key);
  if (!k || k.unit !== period) return null;
  const year = String(k.year - 1).padStart(4, '0');
  const two = (n: number) => String(n).padStart(2, '0');
  switch (period) {
    case 'year':
      return year;
    case 'month':
      return `${year}-${two(k.month)}`;
    case 'week': {
      const same = `${year}-W${two(k.week)}`;
      return parseDateKey(same) ? same : `${year}-W52`;
    }
    case 'day': {
      const same = `${year}-${two(k.month)}-${two(k.day)}`;
      return parseDateKey(same) ? same : `${year}-${two(k.month)}-28`;
    }
  }
}

/** The months the distribution can show, newest first: the current month and the `count - 1` before it, never a later one. */
export function distributionMonths(now: Date, timeZone: string, count = 13): string[] {
  const current = keyOf(now, 'month', timeZone);
  const months: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = stepKey(current, -i, timeZone);
    if (key) months.push(key);
  }
  return months;
}

/** The month a distribution may show: the one asked for unless it is later than the current month or not a month. */
export function clampDistributionMonth(month: string | null, now: Date, timeZone: string): string {
  const current = keyOf(now, 'month', timeZone);
  return month && parseDateKey(month)?.unit === 'month' && month <= current ? month : current;
}
