import type { PriceZone } from '@gridline/contracts/enums';
import type { EntsoeClient } from '../integrations/entsoe/client.ts';
import { EntsoeAcknowledgementError } from '../integrations/entsoe/errors.ts';
import { addDays, deliveryDayOf, deliveryDayPeriod } from '../integrations/entsoe/delivery-day.ts';
import type { DayState, MarketDataService, SpotPriceInput } from '../modules/market/service.ts';
import { describeError, type JobLog } from './log.ts';
import { dayAheadDaysToFetch, dayAheadNextStep } from './rules.ts';

export type DayAheadFetch = { kind: 'prices'; points: SpotPriceInput[] } | { kind: 'no-data'; reason: string };

/**
 * One zone's day-ahead prices for one delivery day from ENTSO-E: every interval of the day, or
 * `no-data` (not published yet, or a document that does not cover the whole day).
 */
export async function fetchDayAhead(entsoe: EntsoeClient, zone: PriceZone, day: string): Promise<DayAheadFetch> {
  const { start, end } = deliveryDayPeriod(day);
  const result = await entsoe.dayAheadPrices(zone, start, end);
  if (result.kind === 'no-data') return result;
  const byStart = new Map<number, SpotPriceInput>();
  for (const series of result.series) {
    if (series.zone !== zone) continue;
    for (const point of series.points) {
      const t = point.start.getTime();
      if (t >= start.getTime() && t < end.getTime())
        byStart.set(t, { intervalStart: point.start, minutes: series.resolutionMinutes, priceEurMwh: point.priceEurPerMwh });
    }
  }
  const points = [...byStart.values()].sort((a, b) => a.intervalStart.getTime() - b.intervalStart.getTime());
  const minutes = points[0]?.minutes;
  const expected = minutes === undefined ? 0 : (end.getTime() - start.getTime()) / (minutes * 60_000);
  if (points.length === 0 || points.length !== expected || points.some((p) => p.minutes !== minutes)) {
    return { kind: 'no-data', reason: `incomplete document: ${points.length} prices for ${day}${minutes ? `, ${expected} expected` : ''}` };
  }
  return { kind: 'prices', points };
}

/** The data of an `entsoe-day-ahead` job: none for the scheduled run, a day and zones for a retry. */
export interface DayAheadJobData {
  day?: string;
  zones?: PriceZone[];
}

export interface DayAheadOutcome {
  zone: PriceZone;
  day: string;
  /**
   * final/preliminary: prices written; retry: asked again at `retryAt`; missing: given up; done:
   * was final already; rejected: ENTSO-E refused the request (not retried, the job fails).
   */
  outcome: 'final' | 'preliminary' | 'retry' | 'missing' | 'done' | 'rejected';
  changed: number;
  retryAt?: string;
  reason?: string;
}

export interface DayAheadDeps {
  market: MarketDataService;
  entsoe: EntsoeClient;
  log: JobLog;
  now: () => Date;
  /** Queues another attempt for one zone and day at `at` (the runner sends a delayed job). */
  scheduleRetry: (zone: PriceZone, day: string, at: Date) => Promise<void>;
}

/** Some of the job's requests were refused by ENTSO-E; the other zones' outcomes are in `outcomes`. */
export class DayAheadRejectedError extends Error {
  readonly outcomes: DayAheadOutcome[];

  constructor(outcomes: DayAheadOutcome[]) {
    const rejected = outcomes.filter((o) => o.outcome === 'rejected');
    super(`ENTSO-E refused ${rejected.length} day-ahead request(s): ${rejected.map((o) => `${o.zone} ${o.day}: ${o.reason ?? ''}`).join('; ')}`);
    this.name = 'DayAheadRejectedError';
    this.outcomes = outcomes;
  }
}

/**
 * The `entsoe-day-ahead` job: for every price zone in use (or the job's zones), the days
 * `dayAheadDaysToFetch` names (or the job's day): fetch, write with the publication state, and
 * when there is nothing yet, retry or give up by `dayAheadNextStep`. A request ENTSO-E refuses
 * (an unknown area, a malformed period) is logged as an error and fails the job once every zone
 * has had its turn: it is a defect to fix, not prices that are late.
 */
export async function runDayAhead(deps: DayAheadDeps, data: DayAheadJobData = {}): Promise<DayAheadOutcome[]> {
  const zones = data.zones && data.zones.length > 0 ? data.zones : await deps.market.priceZonesInUse();
  const now = deps.now();
  const today = deliveryDayOf(now);
  const candidates = data.day ? [data.day] : [today, addDays(today, 1)];
  const states = await deps.market.dayStates(zones, candidates);
  const outcomes: DayAheadOutcome[] = [];
  for (const zone of zones) {
    const stateOf = (day: string) => states.get(`${zone}|${day}`);
    const days = data.day ? [data.day] : dayAheadDaysToFetch(now, stateOf);
    for (const day of days) {
      if (stateOf(day) === 'final') {
        outcomes.push({ zone, day, outcome: 'done', changed: 0 });
        continue;
      }
      outcomes.push(await attempt(deps, zone, day, stateOf(day)));
    }
  }
  if (outcomes.some((o) => o.outcome === 'rejected')) throw new DayAheadRejectedError(outcomes);
  return outcomes;
}

async function attempt(deps: DayAheadDeps, zone: PriceZone, day: string, before: DayState | undefined): Promise<DayAheadOutcome> {
  let reason: string;
  try {
    const fetched = await fetchDayAhead(deps.entsoe, zone, day);
    if (fetched.kind === 'prices') {
      const written = await deps.market.writeDayAheadPrices(zone, day, fetched.points, deps.now());
      if (written.state === 'final') return { zone, day, outcome: 'final', changed: written.changed };
      reason = 'prices received before gate closure (preliminary)';
      return await afterFailure(deps, zone, day, written.state, reason, written.changed);
    }
    reason = fetched.reason;
  } catch (error) {
    reason = describeError(error);
    if (error instanceof EntsoeAcknowledgementError) {
      deps.log.error(`entsoe-day-ahead: ${zone} ${day}: ENTSO-E refused the request, not retried: ${reason}`);
      return { zone, day, outcome: 'rejected', changed: 0, reason: error.reason };
    }
    deps.log.warn(`entsoe-day-ahead: ${zone} ${day}: ${reason}`);
  }
  return afterFailure(deps, zone, day, before, reason, 0);
}

async function afterFailure(
  deps: DayAheadDeps,
  zone: PriceZone,
  day: string,
  state: DayState | undefined,
  reason: string,
  changed: number,
): Promise<DayAheadOutcome> {
  const now = deps.now();
  const step = dayAheadNextStep(now, day, state);
  if (step.action === 'retry') {
    await deps.scheduleRetry(zone, day, step.at);
    return { zone, day, outcome: state === 'preliminary' && changed > 0 ? 'preliminary' : 'retry', changed, retryAt: step.at.toISOString(), reason };
  }
  if (step.action === 'give-up') {
    await deps.market.markDayMissing(zone, day, now);
    deps.log.warn(`entsoe-day-ahead: no prices for ${zone} on ${day} by 16:00 CET (${reason}); recorded as missing`);
    return { zone, day, outcome: 'missing', changed, reason };
  }
  return { zone, day, outcome: 'done', changed };
}
