import type { MeasurementNode } from '@gridline/contracts/measurements';
import { yAxisStep } from '@gridline/locale/charts';
import type { Comparison, Parameter } from './analysis-rules.ts';

/**
 * From measurement nodes to what the bar chart draws (spec 000 §2.9 and §9): a point per child
 * period, the unit of the axis (gCO2 shown as kg above 1000, money under 1 in sub-units), the
 * y-axis steps by range, and half opacity for bars whose certainty is below 1.
 */

export interface BarPoint {
  /** The child's date key (`2026-11`, `2026-11-20`, `2026-11-20T14`). */
  key: string;
  /** Its first instant. */
  date: string;
  /** The main parameter's total in the API's unit (kWh or m3, the currency, grams); null when unknown. */
  value: number | null;
  certainty: number | null;
  /** The compared figure for the same child, in the comparison's unit; null when none. */
  compare: number | null;
}

const totalOf = (node: MeasurementNode, parameter: Parameter): number | null => node.value[parameter].total;

/** The node's own total of a parameter (the period's sum). */
export const periodTotal = totalOf;

/** The compared value of one period: its temperature, price or CO2 per kWh (hourly means). */
function relatedOf(node: MeasurementNode, comparison: Exclude<Comparison, 'lastYear'>): number | null {
  return node.value[comparison].avgHour;
}

/**
 * A point per child of the node. With `lastYear` the compared value is the same parameter of
 * the child at the same position one year back (month 3 with month 3, day 20 with day 20, the
 * hour at the same position of the day).
 */
export function pointsOf(node: MeasurementNode | undefined, parameter: Parameter, comparison: Comparison | null, lastYear?: MeasurementNode): BarPoint[] {
  if (!node) return [];
  return node.children.map((child, index) => {
    let compare: number | null = null;
    if (comparison === 'lastYear') {
      const before = lastYear?.children[index];
      compare = before ? totalOf(before, parameter) : null;
    } else if (comparison) {
      compare = relatedOf(child, comparison);
    }
    return { key: child.dateKey, date: child.date, value: totalOf(child, parameter), certainty: child.value.consumption.certainty, compare };
  });
}

/** Whether any point has a value: without one the chart is empty and says 'noDataForPeriod'. */
export const hasData = (points: readonly BarPoint[]): boolean => points.some((point) => point.value !== null);

/** Bars whose certainty is below 1 are drawn at half opacity. */
export const barOpacity = (certainty: number | null): number => (certainty !== null && certainty < 1 ? 0.5 : 1);

/** The unit of the main axis. `currency` is the organisation's (kr, €), `subUnit` its hundredth (öre, c). */
export type AxisUnit = 'kWh' | 'm3' | 'currency' | 'subUnit' | 'gCO2' | 'kg';

export interface AxisScale {
  unit: AxisUnit;
  /** Multiply an API value by this to get it in `unit`. */
  factor: number;
}

/**
 * The main axis's unit for these values: kWh (m3 for water) for consumption and production;
 * the currency for cost, or its sub-unit when every value is under 1; gCO2 for the environmental
 * impact, or kg when a value is above 1000 g.
 */
export function axisScale(parameter: Parameter, values: readonly (number | null)[], water: boolean): AxisScale {
  const largest = Math.max(0, ...values.filter((v): v is number => v !== null).map(Math.abs));
  switch (parameter) {
    case 'consumption':
    case 'production':
      return { unit: water ? 'm3' : 'kWh', factor: 1 };
    case 'cost':
      return largest > 0 && largest < 1 ? { unit: 'subUnit', factor: 100 } : { unit: 'currency', factor: 1 };
    case 'co2cost':
      return largest > 1000 ? { unit: 'kg', factor: 0.001 } : { unit: 'gCO2', factor: 1 };
  }
}

/** Unit of the compared series' axis: °C, the currency per kWh, gCO2 per kWh, or the main unit for last year. */
export type CompareUnit = '°C' | 'currencyPerKwh' | 'gCO2PerKwh' | 'main';
export const compareUnitOf = (comparison: Comparison): CompareUnit =>
  comparison === 'temperature' ? '°C' : comparison === 'price' ? 'currencyPerKwh' : comparison === 'co2' ? 'gCO2PerKwh' : 'main';

export interface AxisRange {
  min: number;
  max: number;
  /** Distance between ticks: a multiple of the spec's step, at most five intervals. */
  interval: number;
}

const MAX_INTERVALS = 6;
/** Multiples of the step tried for wide ranges: 1, 2, 5, 10, 20, 50, … (ticks stay round numbers). */
function multiple(steps: number): number {
  for (let decade = 1; ; decade *= 10) {
    for (const m of [1, 2, 5]) if (m * decade * MAX_INTERVALS >= steps) return m * decade;
  }
}
const clean = (value: number) => Number(value.toFixed(10));

/**
 * The y-axis for values already in the axis unit. The step comes from the range (max − min, with
 * 0 always inside) as spec 000 §9 says: ≥ 100 → 50, ≥ 50 → 25, ≥ 20 → 10, ≥ 10 → 5, ≥ 4 → 2,
 * ≥ 1 → 0.5, else 0.1. Ticks are that step, or a round multiple of it (2, 5, 10, 20, 50, … times)
 * when the range would need more than six intervals (a range of 4200 ticks every 1000, not every
 * 50); the ends are rounded out to a tick, so 0 is always one.
 */
export function yAxisRange(values: readonly (number | null)[]): AxisRange {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return { min: 0, max: 1, interval: 0.5 };
  const low = Math.min(0, ...known);
  const high = Math.max(0, ...known);
  const step = yAxisStep(high - low);
  const steps = Math.max(1, Math.ceil(clean((high - low) / step)));
  const interval = clean(step * multiple(steps));
  const min = clean(Math.floor(clean(low / interval)) * interval);
  let max = clean(Math.ceil(clean(high / interval)) * interval);
  if (max <= min) max = clean(min + interval);
  return { min, max, interval };
}
