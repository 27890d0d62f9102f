import { DEFAULT_TIME_ZONE, localeFor, type Language } from './languages.ts';

/**
 * Dates and times (spec section 9).
 *
 * Inputs (`DateInput`) are a Date, epoch milliseconds, or a string:
 *  - Calendar strings 'YYYY-MM-DD', 'YYYY-MM' and 'YYYY' (also 'YYYY-M-D') are calendar dates,
 *    not instants: they are never shifted by a time zone ('2025-03-01' is 1 March everywhere;
 *    its time is 00:00).
 *    They are validated strictly ('2025-02-30' is invalid; `new Date` would roll it to 2 March).
 *  - Any other string goes through `new Date(string)`. Give date-times an offset ('Z'): without
 *    one JavaScript reads them in the process's local time zone.
 * Instants are shown in the given IANA time zone, by default Europe/Stockholm.
 * Unparseable or missing input makes every formatter return the text 'Invalid Date'.
 *
 * Numeric output is assembled from Intl's `formatToParts` numbers, so separators are fixed by
 * the rules below and do not depend on the ICU version:
 *  - date: en 'dd/mm/yyyy', sv 'yyyy-mm-dd', nb/nn/fi/de 'dd.mm.yyyy'
 *  - time: en 12-hour 'h:mm AM/PM'; sv/nb/nn 'HH:mm'; fi/de 'HH.mm'
 *  - date-time: sv '… kl …', nb/nn '… kl. …', fi '… klo …', en '… at …', de '…, …'
 */

export type DateInput = Date | string | number;
/** What the functions accept: missing values (null/undefined) count as invalid dates. */
export type MaybeDateInput = DateInput | null | undefined;

export type DateKeyGranularity = 'day' | 'month' | 'year' | 'hour';

/** What every formatter returns for unparseable input. */
export const INVALID_DATE = 'Invalid Date';

interface Parsed {
  date: Date;
  /** A calendar string: read its fields in UTC instead of the requested time zone. */
  calendar: boolean;
}

const calendarPattern = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;

function parse(input: MaybeDateInput): Parsed | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) {
    return Number.isNaN(input.getTime()) ? null : { date: input, calendar: false };
  }
  if (typeof input === 'number') {
    const date = new Date(input);
    return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const match = calendarPattern.exec(text);
  if (match) {
    const year = Number(match[1]);
    const month = match[2] === undefined ? 1 : Number(match[2]);
    const day = match[3] === undefined ? 1 : Number(match[3]);
    const date = new Date(Date.UTC(year, month - 1, day));
    date.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return { date, calendar: true };
  }
  if (text === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
}

/** Whether the input is a real date (calendar strings are checked strictly). */
export function isValidDate(input: MaybeDateInput): boolean {
  return parse(input) !== null;
}

/** The input as a Date; an Invalid Date (NaN time) when unparseable. Calendar strings → UTC midnight. */
export function toDate(input: MaybeDateInput): Date {
  return parse(input)?.date ?? new Date(Number.NaN);
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      // 'h23', not hour12: false: the latter can give hour '24' at midnight.
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** Wall-clock fields of the instant in the time zone; calendar strings ignore the zone. */
function zonedParts({ date, calendar }: Parsed, timeZone: string): ZonedParts {
  if (calendar) {
    // The fields as written: no formatter needed (building the first one costs a slow phone's
    // CPU tens of milliseconds, and an invoice row formats a calendar month).
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 };
  }
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of partsFormat(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? Number.NaN,
    month: values.month ?? Number.NaN,
    day: values.day ?? Number.NaN,
    hour: (values.hour ?? Number.NaN) % 24,
    minute: values.minute ?? Number.NaN,
  };
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

function dateText(parts: ZonedParts, language: Language): string {
  const year = pad(parts.year, 4);
  const month = pad(parts.month);
  const day = pad(parts.day);
  switch (language) {
    case 'en':
      return `${day}/${month}/${year}`;
    case 'sv':
      return `${year}-${month}-${day}`;
    default:
      return `${day}.${month}.${year}`;
  }
}

function timeText(parts: ZonedParts, language: Language): string {
  const minute = pad(parts.minute);
  switch (language) {
    case 'en': {
      const hour = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
      return `${hour}:${minute} ${parts.hour < 12 ? 'AM' : 'PM'}`;
    }
    case 'fi':
    case 'de':
      return `${pad(parts.hour)}.${minute}`;
    default:
      return `${pad(parts.hour)}:${minute}`;
  }
}

/** Numeric date: sv '2025-03-30', en '30/03/2025', nb/nn/fi/de '30.03.2025'. */
export function formatDate(
  input: MaybeDateInput,
  language: Language,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parsed = parse(input);
  return parsed ? dateText(zonedParts(parsed, timeZone), language) : INVALID_DATE;
}

/** Time of day: en '2:05 PM', sv/nb/nn '14:05', fi/de '14.05'. */
export function formatTime(
  input: MaybeDateInput,
  language: Language,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parsed = parse(input);
  return parsed ? timeText(zonedParts(parsed, timeZone), language) : INVALID_DATE;
}

const dateTimeJoin: Record<Language, string> = {
  en: ' at ',
  sv: ' kl ',
  nb: ' kl. ',
  nn: ' kl. ',
  fi: ' klo ',
  de: ', ',
};

/**
 * Date and time: sv '2025-03-30 kl 14:05', en '30/03/2025 at 2:05 PM',
 * nb/nn '30.03.2025 kl. 14:05', fi '30.03.2025 klo 14.05', de '30.03.2025, 14.05'.
 */
export function formatDateTime(
  input: MaybeDateInput,
  language: Language,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parsed = parse(input);
  if (!parsed) return INVALID_DATE;
  const parts = zonedParts(parsed, timeZone);
  return `${dateText(parts, language)}${dateTimeJoin[language]}${timeText(parts, language)}`;
}

export interface MonthNameOptions {
  /** Upper-case the first letter ('Mars'). Intl gives lower case in sv/nb/nn/fi. */
  capitalised?: boolean;
  /** With the year, as the language writes a month of a year: 'mars 2025', de 'Oktober 2025'. */
  withYear?: boolean;
  /** Zone for Date/instant inputs; 'YYYY-MM' keys ignore it. Default Europe/Stockholm. */
  timeZone?: string;
}

const monthNameFormats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(
  language: Language,
  kind: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${kind}`;
  let format = monthNameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeFor(language), { ...options, timeZone: 'UTC' });
    monthNameFormats.set(key, format);
  }
  return format;
}

function monthPart(format: Intl.DateTimeFormat, year: number, month: number): string {
  const date = new Date(Date.UTC(2000, month - 1, 15));
  date.setUTCFullYear(year);
  return format.formatToParts(date).find((part) => part.type === 'month')?.value ?? '';
}

/** Month and year in the order, words and separators of the language's own pattern. */
function monthWithYear(format: Intl.DateTimeFormat, year: number, month: number): string {
  const date = new Date(Date.UTC(2000, month - 1, 15));
  date.setUTCFullYear(year);
  return format.format(date);
}

function capitalise(text: string, language: Language): string {
  return text.charAt(0).toLocaleUpperCase(localeFor(language)) + text.slice(1);
}

/**
 * Full month name (stand-alone form) of a 'YYYY-MM' key or a date:
 * ('2025-03', 'sv') → 'mars'; { capitalised: true } → 'Mars'; { withYear: true } → 'mars 2025'
 * (Intl's month-and-year pattern of the language, not the name with a year glued on).
 * de uses Austrian names ('Jänner'), fi the nominative ('maaliskuu').
 */
export function formatMonthName(
  monthKeyOrDate: MaybeDateInput,
  language: Language,
  options: MonthNameOptions = {},
): string {
  const parsed = parse(monthKeyOrDate);
  if (!parsed) return INVALID_DATE;
  const { year, month } = zonedParts(parsed, options.timeZone ?? DEFAULT_TIME_ZONE);
  const text = options.withYear
    ? monthWithYear(cachedFormat(language, 'long-year', { month: 'long', year: 'numeric' }), year, month)
    : monthPart(cachedFormat(language, 'long', { month: 'long' }), year, month);
  return options.capitalised ? capitalise(text, language) : text;
}

/**
 * Short day and month for due dates, from a 'YYYY-MM-DD' date (or an instant, read in
 * `timeZone`): sv '12 mars', en '12 Mar', nb/nn '12. mars', de '12. März', fi '12. maalis'.
 *
 * The month is Intl's abbreviated month in the "day month" context (sv 'jan.', nb 'jan.',
 * de 'Jän.', en 'Sept'), as Intl writes it. Finnish has no abbreviated month in that context
 * (Intl gives '12.3.'), so fi uses the stand-alone abbreviation.
 */
export function formatShortDayMonth(
  input: MaybeDateInput,
  language: Language,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parsed = parse(input);
  if (!parsed) return INVALID_DATE;
  const { year, month, day } = zonedParts(parsed, timeZone);
  let name = monthPart(
    cachedFormat(language, 'day-short', { day: 'numeric', month: 'short' }),
    year,
    month,
  );
  if (name === '' || /^\d+$/.test(name)) {
    name = monthPart(cachedFormat(language, 'short', { month: 'short' }), year, month);
  }
  const separator = language === 'en' || language === 'sv' ? ' ' : '. ';
  return `${day}${separator}${name}`;
}

/**
 * Calendar key of the input in a time zone, for grouping readings:
 * 'day' '2025-03-30', 'month' '2025-03', 'year' '2025', 'hour' '2025-03-30T02'.
 * Calendar strings ('2025-03-01') keep their own date whatever the zone.
 * Returns 'Invalid Date' for unparseable input.
 */
export function dateKeyInZone(
  input: MaybeDateInput,
  timeZone: string = DEFAULT_TIME_ZONE,
  granularity: DateKeyGranularity = 'day',
): string {
  const parsed = parse(input);
  if (!parsed) return INVALID_DATE;
  const { year, month, day, hour } = zonedParts(parsed, timeZone);
  const yearKey = pad(year, 4);
  switch (granularity) {
    case 'year':
      return yearKey;
    case 'month':
      return `${yearKey}-${pad(month)}`;
    case 'day':
      return `${yearKey}-${pad(month)}-${pad(day)}`;
    case 'hour':
      return `${yearKey}-${pad(month)}-${pad(day)}T${pad(hour)}`;
  }
}
