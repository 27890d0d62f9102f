import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortMonth, formatShortWeekday } from './period-labels.ts';

describe('period labels', () => {
  it('names months short, with a capital, from a month or day key', () => {
    expect(formatShortMonth('2026-11', 'en')).toBe('Nov');
    expect(formatShortMonth('2026-05-20', 'sv')).toBe('Maj');
    expect(formatShortMonth('2026-01', 'de')).toBe('Jän');
    expect(formatShortMonth('2026-11', 'fi')).toBe('Marras');
  });

  it('names weekdays short', () => {
    expect(formatShortWeekday('2026-11-16', 'en')).toBe('Mon');
    expect(formatShortWeekday('2026-11-16', 'sv')).toBe('Mån');
    expect(formatShortWeekday('2026-11-22', 'fi')).toBe('Su');
  });

  it('writes a day in words, never shifted by a time zone', () => {
    expect(formatLongDate('2026-11-20', 'en')).toBe('Friday, 20 November 2026');
    expect(formatLongDate('2026-11-20', 'sv')).toBe('fredag 20 november 2026');
    expect(formatLongDate('2026-03-29', 'de')).toBe('Sonntag, 29. März 2026');
  });

  it("gives 'Invalid Date' for keys that are not real dates", () => {
    expect(formatShortMonth('2026-13', 'en')).toBe('Invalid Date');
    expect(formatShortWeekday('2026-11', 'en')).toBe('Invalid Date');
    expect(formatLongDate('2026-02-30', 'en')).toBe('Invalid Date');
  });
});
