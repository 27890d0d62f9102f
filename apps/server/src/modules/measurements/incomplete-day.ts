import type { MeasurementNode, MeasurementValue } from '@gridline/contracts/measurements';
import { keyOf } from '@gridline/locale/calendar';

/**
 * The incomplete-last-day rule (spec 000 §4.5, spec 001 §4 and §9): with hourly data, the last
 * day is dropped while fewer than 5 of its hours have readings. A provider's feed delivers a day
 * in parts; the first few hours of a day would otherwise show as a day of tiny consumption. See
 * decision 0015.
 */

/** A day with fewer metered hours than this is incomplete (spec 001 §9). */
export const INCOMPLETE_DAY_HOURS = 5;

/** The latest metered hour of a read and how many hours of its whole local day are metered. */
export interface LatestHour {
  start: Date;
  hoursInDay: number;
}

/** The period's metered figures emptied; the area's and zone's figures (temperature, price, CO2 intensity…) stay. */
export function withoutReadings(value: MeasurementValue): MeasurementValue {
  return { ...value, consumption: { total: null, certainty: null }, cost: { total: null }, co2cost: { total: null }, production: { total: null } };
}

/** The local day that is dropped, or null when the latest day is complete (or nothing is metered). */
export function incompleteDay(latest: LatestHour | null | undefined, timeZone: string): string | null {
  if (!latest || latest.hoursInDay >= INCOMPLETE_DAY_HOURS) return null;
  return keyOf(latest.start, 'day', timeZone);
}

/**
 * Drops the incomplete last day from a node's children: the day's own child (a month's or a
 * week's days) or its hours (a series of hours over several days) answer no readings. The node's
 * own totals stay what was metered (decision 0015).
 */
export function dropIncompleteLastDay(node: MeasurementNode, latest: LatestHour | null | undefined, timeZone: string): MeasurementNode {
  const day = incompleteDay(latest, timeZone);
  if (day === null) return node;
  let changed = false;
  const children = node.children.map((child) => {
    if (keyOf(new Date(child.date), 'day', timeZone) !== day) return child;
    changed = true;
    return { ...child, value: withoutReadings(child.value) };
  });
  return changed ? { ...node, children } : node;
}
