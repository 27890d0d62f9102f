import { describe, expect, it } from 'vitest';
import { daysBetween, locationNotice } from './location-notice.ts';

describe('daysBetween', () => {
  it('counts calendar days, across months, years and DST changes', () => {
    expect(daysBetween('2026-03-01', '2026-03-13')).toBe(12);
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // the clocks go forward on the 29th
    expect(daysBetween('2026-03-13', '2026-03-01')).toBe(-12);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2); // a leap year
  });

  it('reads a timestamp by its date part, and refuses what is not a real day', () => {
    expect(daysBetween('2026-03-01', '2026-03-05T00:00:00.000Z')).toBe(4);
    expect(daysBetween('2026-02-30', '2026-03-05')).toBeNull();
    expect(daysBetween('soon', '2026-03-05')).toBeNull();
  });
});

describe('locationNotice', () => {
  const today = '2026-03-01';

  it('counts down the days to the start date of a PENDING location', () => {
    expect(locationNotice({ status: 'PENDING', startDate: '2026-03-13' }, today)).toEqual({ kind: 'countdown', days: 12, startDate: '2026-03-13' });
    expect(locationNotice({ status: 'PENDING', startDate: '2026-03-02' }, today)).toEqual({ kind: 'countdown', days: 1, startDate: '2026-03-02' });
    expect(locationNotice({ status: 'PENDING', startDate: today }, today)).toEqual({ kind: 'startsToday', startDate: today });
  });

  it('says the location is pending when no date is known, it is not a date, or it has passed', () => {
    expect(locationNotice({ status: 'PENDING', startDate: null }, today)).toEqual({ kind: 'pending' });
    expect(locationNotice({ status: 'PENDING', startDate: 'unknown' }, today)).toEqual({ kind: 'pending' });
    expect(locationNotice({ status: 'PENDING', startDate: '2026-02-27' }, today)).toEqual({ kind: 'pending' });
  });

  it('falls back to the stored start date when the location has none', () => {
    expect(locationNotice({ status: 'PENDING', startDate: null }, today, '2026-03-04')).toEqual({ kind: 'countdown', days: 3, startDate: '2026-03-04' });
    expect(locationNotice({ status: 'PENDING', startDate: '2026-03-10' }, today, '2026-03-04')).toMatchObject({ days: 9 });
  });

  it('greets an ACTIVE_PROCESS location as new, and has nothing for other statuses', () => {
    expect(locationNotice({ status: 'ACTIVE_PROCESS', startDate: '2025-01-01' }, today)).toEqual({ kind: 'newUser' });
    expect(locationNotice({ status: 'ACTIVE', startDate: '2026-03-13' }, today)).toBeNull();
    expect(locationNotice({ status: 'TERMINATED', startDate: null }, today)).toBeNull();
  });
});
