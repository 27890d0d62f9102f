import { parseDateKey } from '@gridline/locale/calendar';
import { formatMonthName, formatTime } from '@gridline/locale/dates';
import { localeFor, type Language } from '@gridline/locale/languages';
import { formatLongDate, formatShortMonth, formatShortWeekday } from '@gridline/locale/period-labels';
import type { HistoryPeriod } from './analysis-rules.ts';

/**
 * How periods read: the heading between the arrows, the labels under the bars and the title of a
 * bar's tooltip, all through packages/locale. Words that are not dates (a week, a range) come from
 * the copy texts through `PeriodWords`.
 */
export interface PeriodWords {
  week(week: number, year: number): string;
  range(from: string, to: string): string;
}

const HOUR_MS = 3_600_000;

/** A heading starts with a capital, whatever case the language writes its weekdays in ('Fredag 20 november 2026'). */
const capitalised = (text: string, language: Language) => text.charAt(0).toLocaleUpperCase(localeFor(language)) + text.slice(1);

/** The heading of a period: '2026', 'November 2026', 'Week 47, 2026', 'Friday, 20 November 2026', '2022–2026'. */
export function periodTitle(period: HistoryPeriod, key: string | null, language: Language, words: PeriodWords, years?: readonly string[]): string {
  if (period === 'total' || !key) {
    const first = years?.[0];
    const last = years?.[years.length - 1];
    return first && last ? words.range(first, last) : '';
  }
  const k = parseDateKey(key);
  if (!k) return key;
  switch (period) {
    case 'year':
      return String(k.year);
    case 'month':
      return formatMonthName(key, language, { capitalised: true, withYear: true });
    case 'week':
      return words.week(k.week, k.year);
    case 'day':
      return capitalised(formatLongDate(key, language), language);
  }
}

/** The label under a bar (a child of the period): a year, a short month, a day of the month, a weekday and day, an hour. */
export function barLabel(period: HistoryPeriod, childKey: string, childDate: string, language: Language, timeZone: string): string {
  switch (period) {
    case 'total':
      return childKey.slice(0, 4);
    case 'year':
      return formatShortMonth(childKey, language);
    case 'month':
      return String(Number(childKey.slice(8, 10)));
    case 'week':
      return `${formatShortWeekday(childKey, language)} ${Number(childKey.slice(8, 10))}`;
    case 'day':
      return formatTime(childDate, language, timeZone);
  }
}

/** The title of a bar's tooltip: 'November 2026', 'Friday, 20 November 2026', '14:00–15:00' (with the day). */
export function barTitle(period: HistoryPeriod, childKey: string, childDate: string, language: Language, timeZone: string, words: PeriodWords): string {
  switch (period) {
    case 'total':
      return childKey.slice(0, 4);
    case 'year':
      return formatMonthName(childKey, language, { capitalised: true, withYear: true });
    case 'month':
    case 'week':
      return capitalised(formatLongDate(childKey, language), language);
    case 'day':
      return hourRange(childDate, language, timeZone, words);
  }
}

/** An hour as a range of clock times: '14:00–15:00', '2:00 PM–3:00 PM'. */
export function hourRange(start: string, language: Language, timeZone: string, words: PeriodWords, minutes = 60): string {
  const end = new Date(new Date(start).getTime() + (minutes / 60) * HOUR_MS).toISOString();
  return words.range(formatTime(start, language, timeZone), formatTime(end, language, timeZone));
}
