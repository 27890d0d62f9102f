import { keyOf, parseDateKey, periodOf } from '@gridline/locale/calendar';
import { AppError } from '../../lib/errors.ts';

/**
 * Date ranges of the price reads. A bound is either a day (`2025-10-26`: the local day in the
 * asked time zone, and an end day is included) or an instant with an offset
 * (`2025-10-26T00:00:00Z`, `2025-10-26T02:00+01:00`: an end instant is excluded). The answer is
 * the half-open range of instants [from, to).
 */

export interface Range {
  from: Date;
  to: Date;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):?(\d{2}))$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The canonical IANA name of a time zone (`europe/stockholm` → `Europe/Stockholm`); 400 otherwise. */
export function canonicalTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new AppError('INVALID_TIME_ZONE', { data: { timeZone } });
  }
}

type Bound = { kind: 'day'; start: Date; end: Date } | { kind: 'instant'; at: Date };

function parseBound(field: string, value: string, timeZone: string): Bound {
  const invalid = () => new AppError('INVALID_DATE', { data: { field, value } });
  if (DAY.test(value)) {
    const period = parseDateKey(value) ? periodOf(value, timeZone) : null;
    if (!period) throw invalid();
    return { kind: 'day', start: period.start, end: period.end };
  }
  const match = INSTANT.exec(value);
  if (!match) throw invalid();
  const [, day, hour, minute, second = '00', , offsetHours = '00', offsetMinutes = '00'] = match;
  if (!parseDateKey(day!) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(offsetHours) > 18 || Number(offsetMinutes) > 59) {
    throw invalid();
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw invalid();
  return { kind: 'instant', at: new Date(at) };
}

/** The local day (in `timeZone`) that holds an instant. */
function dayOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const period = periodOf(keyOf(instant, 'day', timeZone), timeZone);
  if (!period) throw new AppError('INVALID_DATE', { data: { value: instant.toISOString() } });
  return period;
}

/**
 * The range named by two optional bounds: no start is today (local); no end is the end of the
 * start's local day. An end not after the start is `400 INVALID_DATE_RANGE`.
 */
export function parseRange(input: {
  start?: string | undefined;
  end?: string | undefined;
  fields: readonly [string, string];
  timeZone: string;
  now: Date;
}): Range {
  const { timeZone } = input;
  const start: Bound = input.start !== undefined ? parseBound(input.fields[0], input.start, timeZone) : { kind: 'day', ...dayOf(input.now, timeZone) };
  const from = start.kind === 'day' ? start.start : start.at;
  let to: Date;
  if (input.end !== undefined) {
    const end = parseBound(input.fields[1], input.end, timeZone);
    to = end.kind === 'day' ? end.end : end.at;
  } else {
    to = start.kind === 'day' ? start.end : dayOf(start.at, timeZone).end;
  }
  if (to.getTime() <= from.getTime()) {
    throw new AppError('INVALID_DATE_RANGE', { data: { from: from.toISOString(), to: to.toISOString() } });
  }
  return { from, to };
}

/** At most `maxDays` days (an hour of slack for the 25-hour day); `400 DATE_RANGE_TOO_LONG` otherwise. */
export function assertLength(range: Range, maxDays: number, resolution: string): void {
  if (range.to.getTime() - range.from.getTime() > maxDays * DAY_MS + HOUR_MS) {
    throw new AppError('DATE_RANGE_TOO_LONG', { data: { maxDays, resolution, from: range.from.toISOString(), to: range.to.toISOString() } });
  }
}
