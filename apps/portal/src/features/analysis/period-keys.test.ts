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
  it('without a delay, disables next at the current year, month, week and day (spec 000 §4.5)', () => {
    expect(canStepNext('year', '2026', now, zone, 0)).toBe(false);
    expect(canStepNext('year', '2025', now, zone, 0)).toBe(true);
    expect(canStepNext('month', '2026-11', now, zone, 0)).toBe(false);
    expect(canStepNext('month', '2026-10', now, zone, 0)).toBe(true);
    expect(canStepNext('week', '2026-W47', now, zone, 0)).toBe(false);
    expect(canStepNext('week', '2026-W46', now, zone, 0)).toBe(true);
    expect(canStepNext('day', '2026-11-22', now, zone, 0)).toBe(false);
    expect(canStepNext('day', '2026-11-21', now, zone, 0)).toBe(true);
  });

  it('with the measurements delay, stops next at the period of the latest readings', () => {
    // two days back from Sunday 22 November is Friday 20 November
    expect(canStepNext('day', '2026-11-20', now, zone, 2)).toBe(false);
    expect(canStepNext('day', '2026-11-19', now, zone, 2)).toBe(true);
    expect(stepped('day', '2026-11-19', 1, now, zone, 2)).toBe('2026-11-20');
    expect(stepped('day', '2026-11-20', 1, now, zone, 2)).toBeNull();
    expect(canStepNext('week', '2026-W47', now, zone, 2)).toBe(false);
    // a delay of five days: Tuesday 17 November, still in week 47
    expect(canStepNext('day', '2026-11-17', now, zone, 5)).toBe(false);
    expect(canStepNext('day', '2026-11-16', now, zone, 5)).toBe(true);
    // on 1 December the latest readings are November's: December is not reached yet
    const first = new Date('2026-12-01T10:00:00Z');
    expect(canStepNext('month', '2026-11', first, zone, 2)).toBe(false);
    expect(canStepNext('month', '2026-11', first, zone, 0)).toBe(true);
    expect(canStepNext('year', '2026', new Date('2027-01-01T10:00:00Z'), zone, 2)).toBe(false);
  });

  it('uses the local calendar: just after midnight in Helsinki it is already the next day', () => {
    const late = new Date('2026-12-31T22:30:00Z');
    expect(canStepNext('day', '2026-12-31', late, 'Europe/Helsinki', 0)).toBe(true);
    expect(canStepNext('year', '2026', late, 'Europe/Helsinki', 0)).toBe(true);
    expect(canStepNext('day', '2026-12-31', late, 'Europe/Stockholm', 0)).toBe(false);
    expect(canStepNext('year', '2026', late, 'Europe/Stockholm', 0)).toBe(false);
    expect(canStepNext('day', '2026-12-29', late, 'Europe/Helsinki', 2)).toBe(true);
    expect(canStepNext('day', '2026-12-29', late, 'Europe/Stockholm', 2)).toBe(false);
  });

  it('steps 1 day, 7 days, 1 month or 12 months', () => {
    expect(STEP).toEqual({
      hour: { unit: 'hours', amount: 1 },
      day: { unit: 'days', amount: 1 },
      week: { unit: 'days', amount: 7 },
      month: { unit: 'months', amount: 1 },
      year: { unit: 'months', amount: 12 },
    });
    expect(stepped('day', '2026-03-01', -1, now, zone, 2)).toBe('2026-02-28');
    expect(stepped('week', '2026-W01', -1, now, zone, 2)).toBe('2025-W52');
    expect(stepped('week', '2021-W01', -1, now, zone, 2)).toBe('2020-W53');
    expect(stepped('month', '2026-01', -1, now, zone, 2)).toBe('2025-12');
    expect(stepped('year', '2025', 1, now, zone, 2)).toBe('2026');
    expect(stepped('year', '2026', 1, now, zone, 2)).toBeNull();
    expect(stepped('month', '2026-11', 1, now, zone, 2)).toBeNull();
  });

  it('stops previous at the first year of ten', () => {
    expect(earliestKey('year', now, zone)).toBe('2017');
    expect(earliestKey('month', now, zone)).toBe('2017-01');
    expect(earliestKey('day', now, zone)).toBe('2017-01-01');
    expect(earliestKey('week', now, zone)).toBe('2017-W01');
    expect(canStepPrevious('year', '2017', now, zone)).toBe(false);
    expect(canStepPrevious('year', '2018', now, zone)).toBe(true);
    expect(stepped('month', '2017-01', -1, now, zone, 2)).toBeNull();
  });

  it('accepts only keys of the period between the limits', () => {
    expect(isShowableKey('month', '2026-11', now, zone, 2)).toBe(true);
    expect(isShowableKey('month', '2026-12', now, zone, 2)).toBe(false);
    expect(isShowableKey('month', '2026', now, zone, 2)).toBe(false);
    expect(isShowableKey('day', '2026-02-30', now, zone, 2)).toBe(false);
    expect(isShowableKey('year', '2016', now, zone, 2)).toBe(false);
    // a day after the latest readings is not shown (the view opens on the latest instead)
    expect(isShowableKey('day', '2026-11-20', now, zone, 2)).toBe(true);
    expect(isShowableKey('day', '2026-11-21', now, zone, 2)).toBe(false);
    expect(isShowableKey('day', '2026-11-21', now, zone, 0)).toBe(true);
  });
});

describe('keys of a new view', () => {
  it('starts at the period of the latest readings, two days back', () => {
    expect(defaultKey('day', now, zone, 2)).toBe('2026-11-20');
    expect(defaultKey('week', now, zone, 2)).toBe('2026-W47');
    expect(defaultKey('month', new Date('2026-12-01T10:00:00Z'), zone, 2)).toBe('2026-11');
    // the organisation's own delay
    expect(defaultKey('day', now, zone, 5)).toBe('2026-11-17');
    expect(defaultKey('day', now, zone, 0)).toBe('2026-11-22');
  });

  it('keeps the place on a change of period', () => {
    // the current year holds the latest readings: its month and day
    expect(keyForPeriodChange({ period: 'year', key: '2026' }, 'month', now, zone, 2)).toBe('2026-11');
    expect(keyForPeriodChange({ period: 'year', key: '2026' }, 'day', now, zone, 2)).toBe('2026-11-20');
    // a past year: its last month, week, day
    expect(keyForPeriodChange({ period: 'year', key: '2025' }, 'month', now, zone, 2)).toBe('2025-12');
    expect(keyForPeriodChange({ period: 'month', key: '2025-03' }, 'day', now, zone, 2)).toBe('2025-03-31');
    expect(keyForPeriodChange({ period: 'day', key: '2025-03-12' }, 'year', now, zone, 2)).toBe('2025');
    expect(keyForPeriodChange({ period: 'day', key: '2025-03-12' }, 'week', now, zone, 2)).toBe('2025-W11');
    // from the total view
    expect(keyForPeriodChange(null, 'year', now, zone, 2)).toBe('2026');
  });

  it('never goes past the period of the latest readings', () => {
    const monday = new Date('2026-11-23T08:00:00Z');
    // two days back is in last week; the week view follows it
    expect(keyForPeriodChange({ period: 'month', key: '2026-11' }, 'week', monday, zone, 2)).toBe('2026-W47');
    // this week has no readings yet: its day view opens on the latest day, Saturday 21 November
    expect(keyForPeriodChange({ period: 'week', key: '2026-W48' }, 'day', monday, zone, 2)).toBe('2026-11-21');
    expect(keyForPeriodChange({ period: 'week', key: '2026-W48' }, 'day', monday, zone, 0)).toBe('2026-11-23');
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
