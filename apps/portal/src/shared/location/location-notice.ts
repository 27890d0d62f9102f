import type { LocationStatus } from '@gridline/contracts/enums';

/**
 * What the location info dialog says about the selected location (spec 000 §2.3, §4.2): a
 * PENDING location counts down the days to its start date (or says it is pending when no date is
 * known, or the date has passed), an ACTIVE_PROCESS one greets a new customer; any other status
 * has nothing to say.
 */
export type LocationNotice =
  { kind: 'countdown'; days: number; startDate: string } | { kind: 'startsToday'; startDate: string } | { kind: 'pending' } | { kind: 'newUser' };

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days from one calendar day to another ('YYYY-MM-DD'); null if either is not a real day. */
export function daysBetween(from: string, to: string): number | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  return start === null || end === null ? null : end - start;
}

function dayNumber(day: string): number | null {
  const match = calendarDay.exec(day.slice(0, 10));
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return time / 86_400_000;
}

/**
 * The notice for a location on `today` (its local calendar day, 'YYYY-MM-DD'). The start date is
 * the location's; `storedStartDate` (the portal's remembered one) stands in when it has none.
 */
export function locationNotice(
  location: { status: LocationStatus; startDate: string | null },
  today: string,
  storedStartDate?: string | null,
): LocationNotice | null {
  if (location.status === 'ACTIVE_PROCESS') return { kind: 'newUser' };
  if (location.status !== 'PENDING') return null;
  const startDate = (location.startDate ?? storedStartDate ?? '').slice(0, 10);
  const days = startDate ? daysBetween(today, startDate) : null;
  if (days === null || days < 0) return { kind: 'pending' };
  return days === 0 ? { kind: 'startsToday', startDate } : { kind: 'countdown', days, startDate };
}
