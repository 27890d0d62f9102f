/** Calendar arithmetic on 'YYYY-MM-DD' strings (UTC, no time of day involved). */

const DAY_MS = 86_400_000;

export function assertDay(value: string): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || toDay(fromDay(value)) !== value) {
    throw new Error(`Expected a date as YYYY-MM-DD, got '${value}'`);
  }
}

function fromDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(fromDay(day).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((fromDay(to).getTime() - fromDay(from).getTime()) / DAY_MS);
}

export interface Month {
  year: number;
  /** 1–12 */
  month: number;
}

export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function addMonths(value: Month, months: number): Month {
  const index = value.year * 12 + (value.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthKey(value: Month): string {
  return `${value.year}-${String(value.month).padStart(2, '0')}`;
}

export function firstDayOfMonth(value: Month): string {
  return `${monthKey(value)}-01`;
}

export function lastDayOfMonth(value: Month): string {
  return addDays(firstDayOfMonth(addMonths(value, 1)), -1);
}

export function daysInMonth(value: Month): number {
  return Number(lastDayOfMonth(value).slice(8, 10));
}

/** A deterministic timestamp for created_at columns: the day at a given UTC hour. */
export function timestampOn(day: string, hour = 9, minute = 0): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}
