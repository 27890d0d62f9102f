import { describe, expect, it } from 'vitest';
import type { MeasurementNode, MeasurementValue } from '@gridline/contracts/measurements';
import { dropIncompleteLastDay, incompleteDay } from './incomplete-day.ts';

const value = (total: number | null): MeasurementValue => ({
  consumption: { total, certainty: total === null ? null : 1 },
  cost: { total: total === null ? null : total * 2 },
  co2cost: { total: null },
  production: { total: null },
  cloudCover: { total: 0.5 },
  compareDegreeDays: { total: null },
  temperature: { avgHour: 3.2 },
  price: { avgHour: null },
  co2: { avgHour: null },
});
const node = (dateKey: string, date: string, total: number | null, children: MeasurementNode[] = []): MeasurementNode => ({
  dateKey,
  date,
  value: value(total),
  children,
});
const STOCKHOLM = 'Europe/Stockholm';

describe('the incomplete last day', () => {
  it('is the local day of the latest hour while fewer than 5 of its hours are metered', () => {
    // 23:30 UTC on 29 March is 00:30 on 30 March in Stockholm
    expect(incompleteDay({ start: new Date('2025-03-29T23:00:00Z'), hoursInDay: 4 }, STOCKHOLM)).toBe('2025-03-30');
    expect(incompleteDay({ start: new Date('2025-03-29T23:00:00Z'), hoursInDay: 4 }, 'Europe/London')).toBe('2025-03-29');
    expect(incompleteDay({ start: new Date('2025-03-29T23:00:00Z'), hoursInDay: 5 }, STOCKHOLM)).toBeNull();
    expect(incompleteDay(undefined, STOCKHOLM)).toBeNull();
  });

  it("empties that day's child of a month, keeping the weather, the price and the month's total", () => {
    const month = node('2025-03', '2025-02-28T23:00:00.000Z', 100, [
      node('2025-03-01', '2025-02-28T23:00:00.000Z', 96),
      node('2025-03-02', '2025-03-01T23:00:00.000Z', 4),
      node('2025-03-03', '2025-03-02T23:00:00.000Z', null),
    ]);
    const trimmed = dropIncompleteLastDay(month, { start: new Date('2025-03-02T02:00:00Z'), hoursInDay: 4 }, STOCKHOLM);
    expect(trimmed.children.map((c) => c.value.consumption.total)).toEqual([96, null, null]);
    expect(trimmed.children[1]!.value).toMatchObject({
      consumption: { total: null, certainty: null },
      cost: { total: null },
      cloudCover: { total: 0.5 },
      temperature: { avgHour: 3.2 },
    });
    expect(trimmed.value.consumption.total).toBe(100);
    expect(dropIncompleteLastDay(month, { start: new Date('2025-03-02T04:00:00Z'), hoursInDay: 5 }, STOCKHOLM)).toBe(month);
  });

  it('empties the hours of that day in a series of hours over two days', () => {
    const hours = ['2025-03-01T21:00:00.000Z', '2025-03-01T22:00:00.000Z', '2025-03-01T23:00:00.000Z', '2025-03-02T00:00:00.000Z'];
    const series = node(
      'range',
      hours[0]!,
      4,
      hours.map((date, i) => node(`h${i}`, date, 1)),
    );
    const trimmed = dropIncompleteLastDay(series, { start: new Date('2025-03-02T00:00:00Z'), hoursInDay: 2 }, STOCKHOLM);
    // 23:00 and 00:00 UTC are 00:00 and 01:00 on 2 March in Stockholm
    expect(trimmed.children.map((c) => c.value.consumption.total)).toEqual([1, 1, null, null]);
  });
});
