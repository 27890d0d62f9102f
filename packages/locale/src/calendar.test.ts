import { describe, expect, it } from 'vitest';
import { childPeriods, keyOf, parseDateKey, periodOf, stepKey } from './calendar.ts';

const STOCKHOLM = 'Europe/Stockholm';
const HELSINKI = 'Europe/Helsinki';
const iso = (d: Date | undefined) => d?.toISOString();

describe('parseDateKey', () => {
  it.each([
    ['2025', 'year'],
    ['2025-03', 'month'],
    ['2025-W13', 'week'],
    ['2026-W53', 'week'],
    ['2024-02-29', 'day'],
    ['2025-03-30T02', 'hour'],
  ])('accepts %s as a %s', (key, unit) => {
    expect(parseDateKey(key)?.unit).toBe(unit);
  });

  it.each(['2025-13', '20xx', '2025-00', '2025-02-29', '2025-W54', '2025-W53', '2025-W00', '2025-03-30T24', '25-03', '2025-3', '', '1969', '2025-03-30T2'])(
    'refuses %j',
    (key) => {
      expect(parseDateKey(key)).toBeNull();
    },
  );
});

describe('periodOf', () => {
  it.each([
    // key, zone, start, end, hours
    ['2025-03-30', STOCKHOLM, '2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z', 23],
    ['2025-10-26', STOCKHOLM, '2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z', 25],
    ['2025-06-10', STOCKHOLM, '2025-06-09T22:00:00.000Z', '2025-06-10T22:00:00.000Z', 24],
    ['2025-01-15', HELSINKI, '2025-01-14T22:00:00.000Z', '2025-01-15T22:00:00.000Z', 24],
    ['2025-03', STOCKHOLM, '2025-02-28T23:00:00.000Z', '2025-03-31T22:00:00.000Z', 743],
    ['2025', 'Europe/Oslo', '2024-12-31T23:00:00.000Z', '2025-12-31T23:00:00.000Z', 8760],
    ['2025-W13', 'Europe/Vienna', '2025-03-23T23:00:00.000Z', '2025-03-30T22:00:00.000Z', 167],
  ])('%s in %s runs from %s to %s (%i hours)', (key, zone, start, end, hours) => {
    const period = periodOf(key, zone);
    expect([iso(period?.start), iso(period?.end)]).toEqual([start, end]);
    expect((period!.end.getTime() - period!.start.getTime()) / 3_600_000).toBe(hours);
  });

  it('has no 02 hour on the spring day, and the first 02 hour on the autumn day', () => {
    expect(periodOf('2025-03-30T02', STOCKHOLM)).toBeNull();
    expect(iso(periodOf('2025-10-26T02', STOCKHOLM)?.start)).toBe('2025-10-26T00:00:00.000Z');
  });
});

describe('childPeriods', () => {
  it('gives a day its 23, 24 or 25 hours, with the autumn 02 hour twice', () => {
    expect(childPeriods('2025-03-30', STOCKHOLM)).toHaveLength(23);
    const autumn = childPeriods('2025-10-26', STOCKHOLM).map((p) => p.key);
    expect(autumn).toHaveLength(25);
    expect(autumn.filter((k) => k === '2025-10-26T02')).toHaveLength(2);
  });

  it('gives a year 12 months, a month its days and a week 7 days', () => {
    expect(childPeriods('2024', STOCKHOLM).map((p) => p.key)).toEqual(Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`));
    expect(childPeriods('2024-02', HELSINKI)).toHaveLength(29);
    expect(childPeriods('2025-W01', STOCKHOLM).map((p) => p.key)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
  });
});

describe('keyOf and stepKey', () => {
  it('names the local period of an instant', () => {
    const instant = new Date('2025-12-31T23:30:00Z');
    expect(keyOf(instant, 'day', STOCKHOLM)).toBe('2026-01-01');
    expect(keyOf(instant, 'day', 'Europe/London')).toBe('2025-12-31');
    expect(keyOf(instant, 'week', STOCKHOLM)).toBe('2026-W01');
    expect(keyOf(new Date('2027-01-01T12:00:00Z'), 'week', STOCKHOLM)).toBe('2026-W53');
  });

  it('steps by hours, days, weeks, months and years (the steps of the analysis arrows)', () => {
    expect(stepKey('2025-01', -1, STOCKHOLM)).toBe('2024-12');
    expect(stepKey('2025-12', 1, STOCKHOLM)).toBe('2026-01');
    expect(stepKey('2025-03-01', -1, STOCKHOLM)).toBe('2025-02-28');
    expect(stepKey('2026-W53', 1, STOCKHOLM)).toBe('2027-W01');
    expect(stepKey('2025-03-30T01', 1, STOCKHOLM)).toBe('2025-03-30T03');
    expect(stepKey('2025', -12, STOCKHOLM)).toBe('2013');
    expect(stepKey('2025-13', 1, STOCKHOLM)).toBeNull();
  });
});
