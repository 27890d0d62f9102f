import { describe, expect, it } from 'vitest';
import { hourStartOf, hourSumsOf, tenThousandths } from './hour-sums.ts';
import type { ReadingInput } from './repository.ts';

const reading = (serviceSeq: number, iso: string, value: string, minutes: 15 | 60 = 15, certainty = 1): ReadingInput => ({
  serviceSeq, intervalStart: new Date(iso), minutes, value, certainty, status: 2, source: 0,
});

describe('tenThousandths', () => {
  it('reads plain decimals of up to 4 places exactly', () => {
    expect(['0', '1', '0.3512', '12.5', '-0.0001', '-12345.6789', '9999999999.9999'].map(tenThousandths)).toEqual([
      0, 10_000, 3_512, 125_000, -1, -123_456_789, 99_999_999_999_999,
    ]);
  });

  it('refuses what it cannot hold exactly, which the SQL sums then take', () => {
    for (const text of ['', '-', '.5', '1.', '1.23456', '1e3', '+1', ' 1', '1,5', '1.2.3', '12345678901234567']) expect(tenThousandths(text)).toBeUndefined();
  });
});

describe('hourSumsOf', () => {
  it('sums per service and hour, quarter by quarter, with the lowest certainty, in key order', () => {
    const sums = hourSumsOf([
      reading(7, '2025-03-30T00:00:00Z', '0.1000'),
      reading(7, '2025-03-30T00:15:00Z', '0.2000', 15, 0.5),
      reading(7, '2025-03-30T00:45:00Z', '0.4000'),
      reading(7, '2025-03-30T01:00:00Z', '1.5', 60),
      reading(3, '2025-03-30T00:30:00Z', '-2'),
    ])!;
    expect(sums).toEqual({
      seq: [3, 7, 7],
      hourStart: ['2025-03-30T00:00:00Z', '2025-03-30T00:00:00Z', '2025-03-30T01:00:00Z'].map(Date.parse),
      value: [-20_000, 7_000, 15_000],
      certainty: [1, 0.5, 1],
      readings: [1, 3, 1],
      parts: [[0, 1_000, 0], [0, 2_000, 0], [-20_000, 0, 0], [0, 4_000, 0], [0, 0, 15_000]],
    });
  });

  it('gives up on a value it cannot read exactly', () => {
    expect(hourSumsOf([reading(1, '2025-01-01T00:00:00Z', '1e-3')])).toBeUndefined();
  });

  it('finds the UTC hour of any instant', () => {
    expect(hourStartOf(Date.parse('2025-10-26T01:45:00Z'))).toBe(Date.parse('2025-10-26T01:00:00Z'));
    expect(hourStartOf(Date.parse('1969-12-31T23:30:00Z'))).toBe(Date.parse('1969-12-31T23:00:00Z'));
  });
});
