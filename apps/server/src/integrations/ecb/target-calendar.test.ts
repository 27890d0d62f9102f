import { describe, expect, it } from 'vitest';
import { easterSunday, isTargetBusinessDay, targetHolidays } from './target-calendar.ts';

describe('the TARGET calendar', () => {
  it('finds Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('closes on New Year, Good Friday, Easter Monday, 1 May and Christmas', () => {
    expect(targetHolidays(2026)).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26']);
    for (const day of targetHolidays(2026)) expect(isTargetBusinessDay(day)).toBe(false);
  });

  it('is open on other weekdays and closed at weekends', () => {
    expect(isTargetBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isTargetBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isTargetBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isTargetBusinessDay('2026-12-24')).toBe(true); // Christmas Eve is a TARGET business day
    expect(isTargetBusinessDay('2026-04-02')).toBe(true); // Maundy Thursday
  });

  it('refuses what is not a calendar day', () => {
    expect(() => isTargetBusinessDay('2026-02-30')).toThrow(RangeError);
  });
});
