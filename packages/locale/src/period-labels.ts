import { localeFor, type Language } from './languages.ts';

/**
 * Names of calendar periods for charts and headings (the analysis page): short month names,
 * short weekday names and a long date. Inputs are calendar keys ('2025-03', '2025-03-30'), never
 * instants, so no time zone shifts them; an invalid key gives 'Invalid Date' like `dates.ts`.
 * The words are Intl's for the language's locale (sv-SE, en-GB, nb-NO, nn-NO, fi-FI, de-AT).
 */

const INVALID = 'Invalid Date';
const KEY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

function calendarDate(key: string): Date | null {
  const match = KEY.exec(key.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] === undefined ? 1 : Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language}|${kind}`;
  let found = formats.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(localeFor(language), { ...options, timeZone: 'UTC', calendar: 'gregory', numberingSystem: 'latn' });
    formats.set(id, found);
  }
  return found;
}

const part = (f: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes) =>
  f.formatToParts(date).find((p) => p.type === type)?.value ?? '';

const capitalise = (text: string, language: Language) => text.charAt(0).toLocaleUpperCase(localeFor(language)) + text.slice(1);

/** Short stand-alone month of a 'YYYY-MM' (or day) key, first letter upper case: en 'Nov', sv 'Nov.', de 'Nov', fi 'Marras'. */
export function formatShortMonth(key: string, language: Language): string {
  const date = calendarDate(key);
  if (!date) return INVALID;
  const name = part(format(language, 'month-short', { month: 'short' }), date, 'month');
  return capitalise(name, language);
}

/** Short weekday of a 'YYYY-MM-DD' key, first letter upper case: en 'Mon', sv 'Mån', fi 'Ma', de 'Mo'. */
export function formatShortWeekday(key: string, language: Language): string {
  const date = calendarDate(key);
  if (!date || key.trim().length !== 10) return INVALID;
  return capitalise(part(format(language, 'weekday-short', { weekday: 'short' }), date, 'weekday'), language);
}

/**
 * A day with its weekday, in words, as Intl writes it for the locale:
 * en 'Friday, 20 November 2026', sv 'fredag 20 november 2026', de 'Freitag, 20. November 2026'.
 */
export function formatLongDate(key: string, language: Language): string {
  const date = calendarDate(key);
  if (!date || key.trim().length !== 10) return INVALID;
  return format(language, 'long-date', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
