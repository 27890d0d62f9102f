import { CronExpressionParser } from 'cron-parser';

/** The staff member's own time zone (the browser's), in which the page shows instants. */
export const staffTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows (the time-zone select), with the staff's own and the job's first. */
export function timeZoneOptions(...first: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...first.filter(Boolean), ...all])];
}

/**
 * The next `count` runs of a schedule as the server will have them (pg-boss reads the cron with
 * the same library): the cron's instants in its zone, each `offset` minutes later. Null when the
 * cron or the zone does not parse.
 */
export function nextRuns(cron: string, timeZone: string, offsetMinutes: number, count: number, now: Date = new Date()): Date[] | null {
  try {
    const interval = CronExpressionParser.parse(cron.trim(), { tz: timeZone, strict: false, currentDate: new Date(now.getTime() - offsetMinutes * 60_000) });
    const runs: Date[] = [];
    for (let i = 0; i < count; i += 1) runs.push(new Date(interval.next().toDate().getTime() + offsetMinutes * 60_000));
    return runs;
  } catch {
    return null;
  }
}
