import { addDays, deliveryDayOf } from '../integrations/entsoe/delivery-day.ts';
import { marketInstant, type DayState } from '../modules/market/service.ts';

/**
 * The rules of the scheduled market-data and demo jobs, as pure functions of the clock and the
 * stored state, so that they can be tested without a database or a queue.
 */

/** Tomorrow's day-ahead prices are generally in hand shortly after 13:00 CET/CEST. */
export const DAY_AHEAD_PUBLICATION_HOUR = 13;
/** After 16:00 CET/CEST on the day before delivery we stop asking and record the day as missing. */
export const DAY_AHEAD_GIVE_UP_HOUR = 16;
export const DAY_AHEAD_RETRY_MS = 10 * 60_000;
/** Readings of a day arrive two days later (the default measurements delay). */
export const MEASUREMENT_DELAY_DAYS = 2;
/** The demo feed catches up at most this many days (a demo left off longer keeps a gap). */
export const DEMO_FEED_LIMIT_DAYS = 92;
/** The ECB job asks for the last seven days, so that a missed day or two fill themselves. */
export const ECB_WINDOW_DAYS = 7;
/** No catch-up (rates, prices) reaches further back than this. */
export const CATCH_UP_LIMIT_DAYS = 31;

/**
 * Which delivery days to fetch day-ahead prices for at `now`: today's, and from 13:00 (market
 * time) tomorrow's, unless they are final already. A day recorded as missing is asked for again.
 */
export function dayAheadDaysToFetch(now: Date, stateOf: (day: string) => DayState | undefined): string[] {
  const today = deliveryDayOf(now);
  const candidates = [today];
  if (now.getTime() >= marketInstant(today, DAY_AHEAD_PUBLICATION_HOUR).getTime()) candidates.push(addDays(today, 1));
  return candidates.filter((day) => stateOf(day) !== 'final');
}

export type DayAheadStep = { action: 'done' } | { action: 'retry'; at: Date } | { action: 'give-up' };

/**
 * What to do after an attempt for a delivery day left it in `state`: nothing more once final;
 * otherwise try again in 10 minutes until 16:00 market time on the day before delivery (the
 * last try at 16:00 itself), and give up (record `missing`) when an attempt at or after 16:00
 * finds nothing.
 */
export function dayAheadNextStep(now: Date, day: string, state: DayState | undefined): DayAheadStep {
  if (state === 'final') return { action: 'done' };
  const giveUpAt = marketInstant(addDays(day, -1), DAY_AHEAD_GIVE_UP_HOUR).getTime();
  const t = now.getTime();
  if (t >= giveUpAt) return { action: 'give-up' };
  return { action: 'retry', at: new Date(Math.min(t + DAY_AHEAD_RETRY_MS, giveUpAt)) };
}

/**
 * The first day the ECB job asks rates for: the last seven days, reaching back further (up to a
 * month) when the newest stored rate is older than that.
 */
export function ecbFetchFrom(today: string, latestStored: string | null): string {
  const window = addDays(today, 1 - ECB_WINDOW_DAYS);
  if (latestStored === null) return window;
  const afterLatest = addDays(latestStored, 1);
  const limit = addDays(today, -CATCH_UP_LIMIT_DAYS);
  const from = afterLatest < limit ? limit : afterLatest;
  return from < window ? from : window;
}

/**
 * The local days a demo service gets readings for, oldest first: from the day after its last
 * reading (or, without any, the day after the newest reading of any demo service, or only the
 * newest day when there are no readings at all) to `today` minus the measurement delay, at most
 * `DEMO_FEED_LIMIT_DAYS` of them.
 */
export function demoFeedDays(today: string, lastOwn: string | null, lastAny: string | null): string[] {
  const target = addDays(today, -MEASUREMENT_DELAY_DAYS);
  const wanted = lastOwn !== null ? addDays(lastOwn, 1) : lastAny !== null ? addDays(lastAny, 1) : target;
  const limit = addDays(target, 1 - DEMO_FEED_LIMIT_DAYS);
  const first = wanted < limit ? limit : wanted;
  const days: string[] = [];
  for (let day = first; day <= target; day = addDays(day, 1)) days.push(day);
  return days;
}
