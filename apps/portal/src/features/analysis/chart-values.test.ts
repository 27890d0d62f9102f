import { describe, expect, it } from 'vitest';
import type { MeasurementNode, MeasurementValue } from '@gridline/contracts/measurements';
import { axisScale, barOpacity, hasData, pointsOf, yAxisRange } from './chart-values.ts';

const value = (consumption: number | null, certainty: number | null, extra: Partial<MeasurementValue> = {}): MeasurementValue => ({
  consumption: { total: consumption, certainty },
  cost: { total: consumption === null ? null : consumption * 2 },
  co2cost: { total: consumption === null ? null : consumption * 30 },
  production: { total: null },
  cloudCover: { total: null },
  compareDegreeDays: { total: null },
  temperature: { avgHour: 4.5 },
  price: { avgHour: 0.81 },
  co2: { avgHour: 25 },
  ...extra,
});
const node = (key: string, children: Array<[string, number | null, number | null]>): MeasurementNode => ({
  dateKey: key,
  date: '2026-10-31T23:00:00.000Z',
  value: value(null, null),
  children: children.map(([k, v, c]) => ({ dateKey: k, date: `${k}T00:00:00Z`, value: value(v, c), children: [] })),
});

describe('points', () => {
  const month = node('2026-11', [
    ['2026-11-01', 30, 1],
    ['2026-11-02', 40, 0.6],
    ['2026-11-03', null, null],
  ]);

  it('takes the parameter of each child and its certainty', () => {
    expect(pointsOf(month, 'consumption', null).map((p) => [p.key, p.value, p.certainty, p.compare])).toEqual([
      ['2026-11-01', 30, 1, null],
      ['2026-11-02', 40, 0.6, null],
      ['2026-11-03', null, null, null],
    ]);
    expect(pointsOf(month, 'cost', null).map((p) => p.value)).toEqual([60, 80, null]);
    expect(pointsOf(month, 'co2cost', null).map((p) => p.value)).toEqual([900, 1200, null]);
  });

  it('adds the compared figure: the period’s mean, or the same position one year back', () => {
    expect(pointsOf(month, 'consumption', 'temperature').map((p) => p.compare)).toEqual([4.5, 4.5, 4.5]);
    expect(pointsOf(month, 'consumption', 'price').map((p) => p.compare)).toEqual([0.81, 0.81, 0.81]);
    const before = node('2025-11', [
      ['2025-11-01', 20, 1],
      ['2025-11-02', null, null],
    ]);
    expect(pointsOf(month, 'consumption', 'lastYear', before).map((p) => p.compare)).toEqual([20, null, null]);
    expect(pointsOf(month, 'consumption', 'lastYear', undefined).map((p) => p.compare)).toEqual([null, null, null]);
  });

  it('knows when there is nothing to show', () => {
    expect(hasData(pointsOf(month, 'consumption', null))).toBe(true);
    expect(hasData(pointsOf(node('2026-12', [['2026-12-01', null, null]]), 'consumption', null))).toBe(false);
    expect(hasData(pointsOf(undefined, 'consumption', null))).toBe(false);
  });

  it('draws uncertain bars at half opacity', () => {
    expect(barOpacity(1)).toBe(1);
    expect(barOpacity(0.6)).toBe(0.5);
    expect(barOpacity(0.999)).toBe(0.5);
    expect(barOpacity(null)).toBe(1);
  });
});

describe('units', () => {
  it('uses kWh, or m3 for water', () => {
    expect(axisScale('consumption', [1200], false)).toEqual({ unit: 'kWh', factor: 1 });
    expect(axisScale('production', [3], false)).toEqual({ unit: 'kWh', factor: 1 });
    expect(axisScale('consumption', [3], true)).toEqual({ unit: 'm3', factor: 1 });
  });

  it('shows gCO2 as kg when a value is above 1000', () => {
    expect(axisScale('co2cost', [999, 1000], false)).toEqual({ unit: 'gCO2', factor: 1 });
    expect(axisScale('co2cost', [200, 1000.5], false)).toEqual({ unit: 'kg', factor: 0.001 });
  });

  it('shows money in sub-units when every value is under 1', () => {
    expect(axisScale('cost', [0.45, 0.99, null], false)).toEqual({ unit: 'subUnit', factor: 100 });
    expect(axisScale('cost', [0.45, 1.2], false)).toEqual({ unit: 'currency', factor: 1 });
    expect(axisScale('cost', [null], false)).toEqual({ unit: 'currency', factor: 1 });
  });
});

describe('y-axis steps by range', () => {
  it('follows the steps of spec section 9', () => {
    expect(yAxisRange([0.05])).toEqual({ min: 0, max: 0.1, interval: 0.1 });
    expect(yAxisRange([0.9])).toEqual({ min: 0, max: 1, interval: 0.2 });
    expect(yAxisRange([1, 2.3])).toEqual({ min: 0, max: 2.5, interval: 0.5 });
    expect(yAxisRange([7])).toEqual({ min: 0, max: 8, interval: 2 });
    expect(yAxisRange([12])).toEqual({ min: 0, max: 15, interval: 5 });
    expect(yAxisRange([44])).toEqual({ min: 0, max: 50, interval: 10 });
    expect(yAxisRange([60])).toEqual({ min: 0, max: 75, interval: 25 });
    expect(yAxisRange([240])).toEqual({ min: 0, max: 250, interval: 50 });
  });

  it('keeps at most six intervals, of a round multiple of the step, for wide ranges', () => {
    expect(yAxisRange([1500])).toEqual({ min: 0, max: 1500, interval: 250 });
    expect(yAxisRange([4172])).toEqual({ min: 0, max: 5000, interval: 1000 });
    expect(yAxisRange([2273])).toEqual({ min: 0, max: 2500, interval: 500 });
    expect(yAxisRange([35_000])).toEqual({ min: 0, max: 40_000, interval: 10_000 });
    expect(yAxisRange([52.391, 31.7, 12])).toEqual({ min: 0, max: 75, interval: 25 });
  });

  it('includes 0 and negative values (temperatures below zero)', () => {
    expect(yAxisRange([-3.2, 8.1])).toEqual({ min: -5, max: 10, interval: 5 });
    expect(yAxisRange([-1.2, 2.1])).toEqual({ min: -2, max: 3, interval: 1 });
    expect(yAxisRange([-0.4, 1.1])).toEqual({ min: -0.5, max: 1.5, interval: 0.5 });
    expect(yAxisRange([-12, -2])).toEqual({ min: -15, max: 0, interval: 5 });
  });

  it('gives an empty chart an axis of 0 to 1', () => {
    expect(yAxisRange([])).toEqual({ min: 0, max: 1, interval: 0.5 });
    expect(yAxisRange([null, null])).toEqual({ min: 0, max: 1, interval: 0.5 });
    expect(yAxisRange([0])).toEqual({ min: 0, max: 0.1, interval: 0.1 });
  });
});
