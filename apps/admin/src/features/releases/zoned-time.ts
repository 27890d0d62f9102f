import { instantOfWallTime } from '@gridline/locale/calendar';

/**
 * The date-time picker's values (`YYYY-MM-DD HH:mm:ss`) as wall-clock times of the organisation's
 * time zone, not the browser's: a marketer in Helsinki who schedules Solvik's release for 06:00
 * means 06:00 in Stockholm, where its customers are.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The picker's value for an instant, in a time zone. */
export function pickerValueOf(instant: Date | string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The instant a picker's value names in a time zone; null for a value that is no time there (the hour skipped in spring). */
export function instantOfPickerValue(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return instantOfWallTime(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)), timeZone);
}

/** Quick choices, to the minute, in the time zone: in an hour, tonight at 22:00, tomorrow at 06:00. */
export function schedulePresets(now: Date, timeZone: string): { inAnHour: string; tonight: string; tomorrowMorning: string } {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const today = pickerValueOf(minute, timeZone).slice(0, 10);
  const tomorrow = pickerValueOf(new Date(minute.getTime() + 24 * 3_600_000), timeZone).slice(0, 10);
  return { inAnHour: pickerValueOf(new Date(minute.getTime() + 3_600_000), timeZone), tonight: `${today} 22:00:00`, tomorrowMorning: `${tomorrow} 06:00:00` };
}
