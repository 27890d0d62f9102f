import { describe, expect, it } from 'vitest';
import {
  STEP,
  canStepNext,
  canStepPrevious,
  clampDistributionMonth,
  defaultKey,
  distributionMonths,
  earliestKey,
  isShowableKey,
  keyForPeriodChange,
  lastYearKey,
  stepped,
} from './period-keys.ts';

const zone = 'Europe/Stockholm';
// Sunday 22 November 2026, 06:30 in Stockholm
const now = new Date('2026-11-22T05:30:00Z');

describe('next and previous', () => {
  it('disables next at the current year, month, week and day', () => {
    expect(canStepNext('year', '2026', now, zone)).toBe(false);
    expect(canStepNext('year', '2025', now, zone)).toBe(true);
    expect(canStepNext('month', '2026-11', now, zone)).toBe(false);
    expect(canStepNext('month', '2026-10', now, zone)).toBe(true);
    expect(canStepNext('week', '2026-W47', now, zone)).toBe(false);
    expect(canStepNext('week', '2026-W46', now, zone)).toBe(true);
    expect(canStepNext('day', '2026-11-22', now, zone)).toBe(false);
    expect(canStepNext('day', '2026-11-21', now, zone)).toBe(true);
  });

  it('uses the local calendar: just after midnight in Helsinki it is already the next day', () => {
    const late = new Date('2026-12-31T22:30:00Z');
    expect(canStepNext('day', '2026-12-31', late, 'Europe/Helsinki')).toBe(true);
    expect(canStepNext('year', '2026', late, 'Europe/Helsinki')).toBe(true);
    expect(canStepNext('day', '2026-12-31', late, 'Europe/Stockholm')).toBe(false);
    expect(canStepNext('year', '2026', late, 'Europe/Stockholm')).toBe(false);
  });

  it('steps 1 day, 7 days, 1 month or 12 months', () => {
    expect(STEP).toEqual({
      hour: { unit: 'hours', amount: 1 },
      day: { unit: 'days', amount: 1 },
      week: { unit: 'days', amount: 7 },
      month: { unit: 'months', amount: 1 },
      year: { unit: 'months', amount: 12 },
    });
    expect(stepped('day', '2026-03-01', -1, now, zone)).toBe('2026-02-28');
    expect(stepped('week', '2026-W01', -1, now, zone)).toBe('2025-W52');
    expect(stepped('week', '2021-W01', -1, now, zone)).toBe('2020-W53');
    expect(stepped('month', '2026-01', -1, now, zone)).toBe('2025-12');
    expect(stepped('year', '2025', 1, now, zone)).toBe('2026');
    expect(stepped('year', '2026', 1, now, zone)).toBeNull();
    expect(stepped('month', '2026-11', 1, now, zone)).toBeNull();
  });

  it('stops previous at the first year of ten', () => {
    expect(earliestKey('year', now, zone)).toBe('2017');
    expect(earliestKey('month', now, zone)).toBe('2017-01');
    expect(earliestKey('day', now, zone)).toBe('2017-01-01');
    expect(earliestKey('week', now, zone)).toBe('2017-W01');
    expect(canStepPrevious('year', '2017', now, zone)).toBe(false);
    expect(canStepPrevious('year', '2018', now, zone)).toBe(true);
    expect(stepped('month', '2017-01', -1, now, zone)).toBeNull();
  });

  it('accepts only keys of the period between the limits', () => {
    expect(isShowableKey('month', '2026-11', now, zone)).toBe(true);
    expect(isShowableKey('month', '2026-12', now, zone)).toBe(false);
    expect(isShowableKey('month', '2026', now, zone)).toBe(false);
    expect(isShowableKey('day', '2026-02-30', now, zone)).toBe(false);
    expect(isShowableKey('year', '2016', now, zone)).toBe(false);
  });
});

describe('keys of a new view', () => {
  it('starts at the period of the latest readings, two days back', () => {
    expect(defaultKey('day', now, zone)).toBe('2026-11-20');
    expect(defaultKey('week', now, zone)).toBe('2026-W47');
    expect(defaultKey('month', new Date('2026-12-01T10:00:00Z'), zone)).toBe('2026-11');
  });

  it('keeps the place on a change of period', () => {
    // the current year holds the latest readings: its month and day
    expect(keyForPeriodChange({ period: 'year', key: '2026' }, 'month', now, zone)).toBe('2026-11');
    expect(keyForPeriodChange({ period: 'year', key: '2026' }, 'day', now, zone)).toBe('2026-11-20');
    // a past year: its last month, week, day
    expect(keyForPeriodChange({ period: 'year', key: '2025' }, 'month', now, zone)).toBe('2025-12');
    expect(keyForPeriodChange({ period: 'month', key: '2025-03' }, 'day', now, zone)).toBe('2025-03-31');
    expect(keyForPeriodChange({ period: 'day', key: '2025-03-12' }, 'year', now, zone)).toBe('2025');
    expect(keyForPeriodChange({ period: 'day', key: '2025-03-12' }, 'week', now, zone)).toBe('2025-W11');
    // from the total view
    expect(keyForPeriodChange(null, 'year', now, zone)).toBe('2026');
  });

  it('never goes past the current period', () => {
    const monday = new Date('2026-11-23T08:00:00Z');
    // two days back is in last week; the week view follows it
    expect(keyForPeriodChange({ period: 'month', key: '2026-11' }, 'week', monday, zone)).toBe('2026-W47');
    expect(keyForPeriodChange({ period: 'week', key: '2026-W48' }, 'day', monday, zone)).toBe('2026-11-23');
  });
});

describe('the same period last year', () => {
  it('reads the same key one year back', () => {
    expect(lastYearKey('year', '2026')).toBe('2025');
    expect(lastYearKey('month', '2026-03')).toBe('2025-03');
    expect(lastYearKey('week', '2026-W47')).toBe('2025-W47');
    expect(lastYearKey('day', '2026-11-20')).toBe('2025-11-20');
  });

  it('falls back where last year has no such period', () => {
    expect(lastYearKey('week', '2026-W53')).toBe('2025-W52');
    expect(lastYearKey('week', '2021-W53')).toBeNull();
    expect(lastYearKey('day', '2028-02-29')).toBe('2027-02-28');
    expect(lastYearKey('day', '2026-11')).toBeNull();
  });
});

describe('the distribution month', () => {
  it('offers the current month and the twelve before it, never a later one', () => {
    const months = distributionMonths(now, zone);
    expect(months).toHaveLength(13);
    expect(months[0]).toBe('2026-11');
    expect(months[1]).toBe('2026-10');
    expect(months[12]).toBe('2025-11');
  });

  it('clamps a month past the current one', () => {
    expect(clampDistributionMonth('2026-12', now, zone)).toBe('2026-11');
    expect(clampDistributionMonth('2026-10', now, zone)).toBe('2026-10');
    expect(clampDistributionMonth('2026-10-01', now, zone)).toBe('2026-11');
    expect(clampDistributionMonth(null, now, zone)).toBe('2026-11');
  });
});
