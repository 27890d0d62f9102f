import { describe, expect, it } from 'vitest';
import {
  INVALID_DATE,
  dateKeyInZone,
  formatDate,
  formatDateTime,
  formatMonthName,
  formatShortDayMonth,
  formatTime,
  isValidDate,
  toDate,
} from './dates.ts';

// 14:05 in Stockholm, Oslo and Vienna (CEST, UTC+2); 15:05 in Helsinki.
const afternoon = '2025-03-30T12:05:00Z';
const zones = [
  'Europe/Stockholm',
  'Europe/Helsinki',
  'Pacific/Kiritimati', // UTC+14
  'Pacific/Pago_Pago', // UTC-11
  'America/Los_Angeles',
  'UTC',
];

describe('formatDate', () => {
  it('uses dashes in Swedish, slashes in English and dots elsewhere', () => {
    expect(formatDate(afternoon, 'sv', 'Europe/Stockholm')).toBe('2025-03-30');
    expect(formatDate(afternoon, 'en', 'Europe/Stockholm')).toBe('30/03/2025');
    expect(formatDate(afternoon, 'nb', 'Europe/Oslo')).toBe('30.03.2025');
    expect(formatDate(afternoon, 'nn', 'Europe/Oslo')).toBe('30.03.2025');
    expect(formatDate(afternoon, 'fi', 'Europe/Helsinki')).toBe('30.03.2025');
    expect(formatDate(afternoon, 'de', 'Europe/Vienna')).toBe('30.03.2025');
  });

  it('uses the time zone for instants', () => {
    const lateEvening = new Date('2025-03-30T22:30:00Z');
    expect(formatDate(lateEvening, 'sv', 'Europe/Stockholm')).toBe('2025-03-31');
    expect(formatDate(lateEvening, 'sv', 'UTC')).toBe('2025-03-30');
    expect(formatDate(lateEvening, 'sv')).toBe('2025-03-31'); // default Stockholm
    expect(formatDate(Date.parse('2025-03-30T22:30:00Z'), 'en')).toBe('31/03/2025');
  });

  it('never shifts date-only strings', () => {
    for (const zone of zones) {
      expect(formatDate('2025-03-01', 'sv', zone)).toBe('2025-03-01');
      expect(formatDate('2025-03-01', 'en', zone)).toBe('01/03/2025');
      expect(formatDate('2025-03-01', 'de', zone)).toBe('01.03.2025');
      expect(formatShortDayMonth('2025-03-01', 'sv', zone)).toBe('1 mars');
      expect(formatDate('2025-3-1', 'fi', zone)).toBe('01.03.2025');
      expect(formatMonthName('2025-03', 'en', { timeZone: zone })).toBe('March');
      expect(dateKeyInZone('2025-03-01', zone, 'day')).toBe('2025-03-01');
      expect(dateKeyInZone('2025-01-01', zone, 'year')).toBe('2025');
    }
  });
});

describe('formatTime', () => {
  it('uses 12-hour time with AM/PM in English', () => {
    expect(formatTime(afternoon, 'en', 'Europe/Stockholm')).toBe('2:05 PM');
    expect(formatTime('2025-03-29T23:05:00Z', 'en', 'Europe/Stockholm')).toBe('12:05 AM');
    expect(formatTime('2025-03-30T10:00:00Z', 'en', 'Europe/Stockholm')).toBe('12:00 PM');
    expect(formatTime('2025-03-30T07:09:00Z', 'en', 'Europe/Stockholm')).toBe('9:09 AM');
  });

  it('uses a colon in sv, nb and nn and a dot in fi and de', () => {
    expect(formatTime(afternoon, 'sv', 'Europe/Stockholm')).toBe('14:05');
    expect(formatTime(afternoon, 'nb', 'Europe/Oslo')).toBe('14:05');
    expect(formatTime(afternoon, 'nn', 'Europe/Oslo')).toBe('14:05');
    expect(formatTime(afternoon, 'fi', 'Europe/Helsinki')).toBe('15.05');
    expect(formatTime(afternoon, 'de', 'Europe/Vienna')).toBe('14.05');
  });

  it('pads 24-hour times to two digits and shows midnight as 00', () => {
    expect(formatTime('2025-03-30T07:09:00Z', 'sv', 'Europe/Stockholm')).toBe('09:09');
    expect(formatTime('2025-03-29T23:05:00Z', 'de', 'Europe/Vienna')).toBe('00.05');
  });
});

describe('formatDateTime', () => {
  it('phrases date and time per language', () => {
    expect(formatDateTime(afternoon, 'sv', 'Europe/Stockholm')).toBe('2025-03-30 kl 14:05');
    expect(formatDateTime(afternoon, 'fi', 'Europe/Stockholm')).toBe('30.03.2025 klo 14.05');
    expect(formatDateTime(afternoon, 'en', 'Europe/Stockholm')).toBe('30/03/2025 at 2:05 PM');
    expect(formatDateTime(afternoon, 'nb', 'Europe/Oslo')).toBe('30.03.2025 kl. 14:05');
    expect(formatDateTime(afternoon, 'nn', 'Europe/Oslo')).toBe('30.03.2025 kl. 14:05');
    expect(formatDateTime(afternoon, 'de', 'Europe/Vienna')).toBe('30.03.2025, 14.05');
  });

  it('defaults to Stockholm', () => {
    expect(formatDateTime(new Date(afternoon), 'sv')).toBe('2025-03-30 kl 14:05');
  });
});

describe('formatMonthName', () => {
  it('gives the month name of a month key', () => {
    expect(formatMonthName('2025-03', 'sv')).toBe('mars');
    expect(formatMonthName('2025-03', 'sv', { capitalised: true })).toBe('Mars');
    expect(formatMonthName('2025-03', 'sv', { capitalised: true, withYear: true })).toBe(
      'Mars 2025',
    );
    expect(formatMonthName('2025-03', 'sv', { withYear: true })).toBe('mars 2025');
    expect(formatMonthName('2025-03', 'en')).toBe('March');
    expect(formatMonthName('2025-03', 'fi', { capitalised: true })).toBe('Maaliskuu');
    expect(formatMonthName('2025-03', 'nb')).toBe('mars');
    expect(formatMonthName('2025-03', 'de')).toBe('März');
    expect(formatMonthName('2025-01', 'de')).toBe('Jänner'); // Austrian German
  });

  it('writes month and year the way each language does', () => {
    const october = '2025-10';
    expect(formatMonthName(october, 'sv', { capitalised: true, withYear: true })).toBe('Oktober 2025');
    expect(formatMonthName(october, 'en', { capitalised: true, withYear: true })).toBe('October 2025');
    expect(formatMonthName(october, 'nb', { capitalised: true, withYear: true })).toBe('Oktober 2025');
    expect(formatMonthName(october, 'nn', { capitalised: true, withYear: true })).toBe('Oktober 2025');
    expect(formatMonthName(october, 'fi', { capitalised: true, withYear: true })).toBe('Lokakuu 2025');
    expect(formatMonthName('2026-01', 'de', { capitalised: true, withYear: true })).toBe('Jänner 2026');
  });

  it('reads Dates in the time zone', () => {
    const newYearInStockholm = new Date('2024-12-31T23:30:00Z');
    expect(formatMonthName(newYearInStockholm, 'en', { withYear: true })).toBe('January 2025');
    expect(formatMonthName(newYearInStockholm, 'en', { withYear: true, timeZone: 'UTC' })).toBe(
      'December 2024',
    );
  });

  it('accepts full date strings', () => {
    expect(formatMonthName('2025-12-31', 'sv', { capitalised: true })).toBe('December');
  });
});

describe('formatShortDayMonth', () => {
  it('gives day and abbreviated month for due dates', () => {
    expect(formatShortDayMonth('2025-03-12', 'sv')).toBe('12 mars');
    expect(formatShortDayMonth('2025-03-12', 'en')).toBe('12 Mar');
    expect(formatShortDayMonth('2025-03-12', 'de')).toBe('12. März');
    expect(formatShortDayMonth('2025-03-12', 'nb')).toBe('12. mars');
    expect(formatShortDayMonth('2025-03-12', 'nn')).toBe('12. mars');
    expect(formatShortDayMonth('2025-03-12', 'fi')).toBe('12. maalis');
    expect(formatShortDayMonth('2025-12-05', 'sv')).toBe('5 dec.');
    expect(formatShortDayMonth('2025-12-05', 'fi')).toBe('5. joulu');
  });
});

describe('dateKeyInZone', () => {
  it('builds day, month, year and hour keys in the zone', () => {
    const instant = new Date('2025-03-30T00:30:00Z'); // 01:30 CET in Stockholm
    expect(dateKeyInZone(instant, 'Europe/Stockholm', 'day')).toBe('2025-03-30');
    expect(dateKeyInZone(instant, 'Europe/Stockholm', 'month')).toBe('2025-03');
    expect(dateKeyInZone(instant, 'Europe/Stockholm', 'year')).toBe('2025');
    expect(dateKeyInZone(instant, 'Europe/Stockholm', 'hour')).toBe('2025-03-30T01');
    expect(dateKeyInZone('2025-03-29T23:30:00Z', 'Europe/Stockholm', 'day')).toBe('2025-03-30');
    expect(dateKeyInZone('2025-03-29T23:30:00Z', 'UTC', 'day')).toBe('2025-03-29');
    expect(dateKeyInZone('2024-12-31T23:30:00Z', 'Europe/Helsinki', 'year')).toBe('2025');
  });

  it('skips the missing hour when summer time starts', () => {
    // 2025-03-30: clocks in Stockholm go from 02:00 CET straight to 03:00 CEST (01:00 UTC).
    expect(dateKeyInZone('2025-03-30T00:59:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-03-30T01');
    expect(dateKeyInZone('2025-03-30T01:30:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-03-30T03');
    // Helsinki is an hour ahead and switches at the same instant (03:00 → 04:00).
    expect(dateKeyInZone('2025-03-30T01:30:00Z', 'Europe/Helsinki', 'hour')).toBe('2025-03-30T04');
  });

  it('repeats an hour when summer time ends', () => {
    // 2025-10-26: 03:00 CEST goes back to 02:00 CET (01:00 UTC), so 02 occurs twice.
    expect(dateKeyInZone('2025-10-26T00:30:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-10-26T02');
    expect(dateKeyInZone('2025-10-26T01:30:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-10-26T02');
    expect(dateKeyInZone('2025-10-26T02:30:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-10-26T03');
  });

  it('shows hour 00 at midnight (not 24)', () => {
    expect(dateKeyInZone('2025-01-14T23:00:00Z', 'Europe/Stockholm', 'hour')).toBe('2025-01-15T00');
  });
});

describe('invalid dates', () => {
  it('recognises valid and invalid input', () => {
    expect(isValidDate('2025-03-01')).toBe(true);
    expect(isValidDate('2025-03')).toBe(true);
    expect(isValidDate('2025-03-30T12:05:00Z')).toBe(true);
    expect(isValidDate(new Date(0))).toBe(true);
    expect(isValidDate(0)).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false); // new Date() would roll over to 1 March
    expect(isValidDate('2025-02-30')).toBe(false);
    expect(isValidDate('2025-13')).toBe(false);
    expect(isValidDate('2025-3-1')).toBe(true);
    expect(isValidDate('not a date')).toBe(false);
    expect(isValidDate('')).toBe(false);
    expect(isValidDate(new Date(Number.NaN))).toBe(false);
    expect(isValidDate(null)).toBe(false);
    expect(isValidDate(undefined)).toBe(false);
  });

  it('shows the text Invalid Date', () => {
    expect(INVALID_DATE).toBe('Invalid Date');
    expect(formatDate('not a date', 'sv')).toBe('Invalid Date');
    expect(formatDate('2025-02-30', 'en')).toBe('Invalid Date');
    expect(formatDate(null, 'en')).toBe('Invalid Date');
    expect(formatTime(new Date(Number.NaN), 'fi')).toBe('Invalid Date');
    expect(formatDateTime(undefined, 'de')).toBe('Invalid Date');
    expect(formatMonthName('garbage', 'sv', { capitalised: true })).toBe('Invalid Date');
    expect(formatShortDayMonth('2025-03-32', 'sv')).toBe('Invalid Date');
    expect(dateKeyInZone('garbage', 'Europe/Stockholm', 'day')).toBe('Invalid Date');
  });

  it('converts input to Date objects', () => {
    expect(toDate('2025-03-01').toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(Number.isNaN(toDate('garbage').getTime())).toBe(true);
  });
});
