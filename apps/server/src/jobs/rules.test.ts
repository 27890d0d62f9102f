import { describe, expect, it } from 'vitest';
import type { DayState } from '../modules/market/service.ts';
import { dayAheadDaysToFetch, dayAheadNextStep, demoFeedDays, ecbFetchFrom } from './rules.ts';
import { JOB_SCHEDULES } from './runner.ts';

const states = (entries: Record<string, DayState>) => (day: string) => entries[day];

describe('which delivery days to fetch', () => {
  it('before 13:00 CET only today (tomorrow is not auctioned yet), and only when not final', () => {
    const morning = new Date('2026-11-20T11:59:00Z'); // 12:59 in Brussels
    expect(dayAheadDaysToFetch(morning, states({}))).toEqual(['2026-11-20']);
    expect(dayAheadDaysToFetch(morning, states({ '2026-11-20': 'final' }))).toEqual([]);
  });

  it('from 13:00 CET also tomorrow, in summer time too', () => {
    expect(dayAheadDaysToFetch(new Date('2026-11-20T12:00:00Z'), states({ '2026-11-20': 'final' }))).toEqual(['2026-11-21']);
    expect(dayAheadDaysToFetch(new Date('2026-07-01T10:59:00Z'), states({ '2026-07-01': 'final' }))).toEqual([]); // 12:59 CEST
    expect(dayAheadDaysToFetch(new Date('2026-07-01T11:00:00Z'), states({ '2026-07-01': 'final' }))).toEqual(['2026-07-02']);
  });

  it('asks again for a preliminary or missing day, never for a final one', () => {
    const afternoon = new Date('2026-11-20T15:30:00Z');
    expect(dayAheadDaysToFetch(afternoon, states({ '2026-11-20': 'missing', '2026-11-21': 'preliminary' }))).toEqual(['2026-11-20', '2026-11-21']);
    expect(dayAheadDaysToFetch(afternoon, states({ '2026-11-20': 'final', '2026-11-21': 'final' }))).toEqual([]);
  });

  it('takes the day of the market (Brussels), not of UTC', () => {
    // 23:30 UTC on the 20th is already the 21st in Brussels, before 13:00.
    expect(dayAheadDaysToFetch(new Date('2026-11-20T23:30:00Z'), states({}))).toEqual(['2026-11-21']);
  });
});

describe('the retry window of the day-ahead job', () => {
  const day = '2026-11-21'; // the give-up time is 16:00 CET on 2026-11-20 = 15:00Z

  it('is done once the day is final', () => {
    expect(dayAheadNextStep(new Date('2026-11-20T12:05:00Z'), day, 'final')).toEqual({ action: 'done' });
    expect(dayAheadNextStep(new Date('2026-11-20T18:00:00Z'), day, 'final')).toEqual({ action: 'done' });
  });

  it('retries in 10 minutes before 16:00 CET', () => {
    expect(dayAheadNextStep(new Date('2026-11-20T12:05:00Z'), day, undefined)).toEqual({ action: 'retry', at: new Date('2026-11-20T12:15:00Z') });
    expect(dayAheadNextStep(new Date('2026-11-20T12:05:00Z'), day, 'preliminary')).toEqual({ action: 'retry', at: new Date('2026-11-20T12:15:00Z') });
  });

  it('makes the last try at 16:00 itself', () => {
    expect(dayAheadNextStep(new Date('2026-11-20T14:55:00Z'), day, undefined)).toEqual({ action: 'retry', at: new Date('2026-11-20T15:00:00Z') });
  });

  it('gives up at and after 16:00 CET, and at once for a day already begun', () => {
    expect(dayAheadNextStep(new Date('2026-11-20T15:00:00Z'), day, undefined)).toEqual({ action: 'give-up' });
    expect(dayAheadNextStep(new Date('2026-11-20T15:00:01Z'), day, 'missing')).toEqual({ action: 'give-up' });
    expect(dayAheadNextStep(new Date('2026-11-21T08:00:00Z'), day, undefined)).toEqual({ action: 'give-up' });
  });

  it('gives up at 16:00 CEST in summer (14:00Z)', () => {
    expect(dayAheadNextStep(new Date('2026-07-01T13:59:00Z'), '2026-07-02', undefined)).toEqual({ action: 'retry', at: new Date('2026-07-01T14:00:00Z') });
    expect(dayAheadNextStep(new Date('2026-07-01T14:00:00Z'), '2026-07-02', undefined)).toEqual({ action: 'give-up' });
  });
});

describe('the ECB window', () => {
  it('is the last seven days, further back (up to a month) after a gap', () => {
    expect(ecbFetchFrom('2026-11-20', null)).toBe('2026-11-14');
    expect(ecbFetchFrom('2026-11-20', '2026-11-19')).toBe('2026-11-14');
    expect(ecbFetchFrom('2026-11-20', '2026-11-01')).toBe('2026-11-02');
    expect(ecbFetchFrom('2026-11-20', '2025-01-01')).toBe('2026-10-20');
  });
});

describe('the days of the demo feed', () => {
  it('runs from the day after the last reading to two days ago', () => {
    expect(demoFeedDays('2026-11-20', '2026-11-15', '2026-11-18')).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect(demoFeedDays('2026-11-20', '2026-11-18', '2026-11-18')).toEqual([]);
  });

  it('starts a service without readings after the newest reading of any, or with the newest day alone', () => {
    expect(demoFeedDays('2026-11-20', null, '2026-11-17')).toEqual(['2026-11-18']);
    expect(demoFeedDays('2026-11-20', null, null)).toEqual(['2026-11-18']);
  });

  it('catches up at most 92 days', () => {
    const days = demoFeedDays('2026-11-20', '2025-01-01', '2025-01-01');
    expect(days).toHaveLength(92);
    expect(days.at(-1)).toBe('2026-11-18');
  });
});

describe('the schedules', () => {
  it('run the day-ahead job at 13:00, the rates at 16:30, the demo feed at 01:30 and the audit retention at 03:15, Brussels time', () => {
    expect(JOB_SCHEDULES.map((s) => [s.queue, s.cron, s.tz])).toEqual([
      ['entsoe-day-ahead', '0 13 * * *', 'Europe/Brussels'],
      ['ecb-rates', '30 16 * * *', 'Europe/Brussels'],
      ['demo-daily-feed', '30 1 * * *', 'Europe/Brussels'],
      ['audit-retention', '15 3 * * *', 'Europe/Brussels'],
    ]);
  });
});
