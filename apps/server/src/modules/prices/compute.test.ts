import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { categorise, convert, mean, meanByBucket, perKwh, round6, toQuarters, type PriceRow } from './compute.ts';
import { assertLength, canonicalTimeZone, parseRange } from './range.ts';

const at = (iso: string) => new Date(iso);
const row = (start: string, minutes: number, eurMwh: string, eurRate: string | null, bucket: string | null = null): PriceRow => ({
  start: at(start),
  minutes,
  eurMwh,
  eurRate,
  day: start.slice(0, 10),
  bucket: bucket ? at(bucket) : null,
});

describe('unit conversion', () => {
  it('turns EUR/MWh into the currency per kWh', () => {
    expect(perKwh(100, 1)).toBe(0.1);
    expect(round6(perKwh(45.123, 11.4567))).toBe(0.516961);
    expect(round6(perKwh(-5.5, 11))).toBe(-0.0605);
  });

  it('uses each row’s rate, and none for EUR', () => {
    const rows = [row('2025-11-09T00:00:00Z', 15, '80.000', '11.5'), row('2025-11-09T00:15:00Z', 15, '120.000', '11.5')];
    expect(convert(rows, 'SEK').map((p) => round6(p.value))).toEqual([0.92, 1.38]);
    expect(convert([row('2025-11-09T00:00:00Z', 15, '80.000', null)], 'EUR').map((p) => p.value)).toEqual([0.08]);
  });

  it('refuses to guess a missing rate', () => {
    const missing = () => convert([row('2023-01-01T00:00:00Z', 60, '80.000', null)], 'NOK');
    expect(missing).toThrow(AppError);
    expect(missing).toThrow(expect.objectContaining({ key: 'MISSING_EXCHANGE_RATE', data: { currency: 'NOK', day: '2023-01-01' } }));
  });
});

describe('averaging', () => {
  it('makes an hour the mean of its four quarters', () => {
    const hour = '2025-11-09T10:00:00Z';
    const quarters = ['10:00', '10:15', '10:30', '10:45'].map((m, i) => row(`2025-11-09T${m}:00Z`, 15, String(10 * (i + 1)), null, hour));
    expect(meanByBucket(convert(quarters, 'EUR'))).toEqual([{ date: '2025-11-09T10:00:00.000Z', value: 0.025 }]);
  });

  it('weights by length: an hourly price counts four times a quarter', () => {
    const day = '2025-09-30T21:00:00Z';
    // A Helsinki day across the market's switch: one hour at 100, then quarters at 20.
    const rows = [
      row('2025-09-30T21:00:00Z', 60, '100', null, day),
      ...[0, 15, 30, 45].map((m) => row(`2025-09-30T22:${String(m).padStart(2, '0')}:00Z`, 15, '20', null, day)),
    ];
    expect(meanByBucket(convert(rows, 'EUR'))[0]!.value).toBe(0.06);
    expect(mean(convert(rows, 'EUR'))).toBeCloseTo(0.06, 12);
  });

  it('makes a 25-hour day the mean of its 100 quarters, and starts a new bucket when the bucket changes', () => {
    const dayStart = '2025-10-25T22:00:00Z';
    const rows: PriceRow[] = [];
    for (let i = 0; i < 100; i++) rows.push(row(new Date(Date.parse(dayStart) + i * 900_000).toISOString(), 15, String(i), null, dayStart));
    rows.push(row('2025-10-26T23:00:00Z', 15, '1000', null, '2025-10-26T23:00:00Z'));
    const days = meanByBucket(convert(rows, 'EUR'));
    expect(days).toEqual([
      { date: '2025-10-25T22:00:00.000Z', value: 0.0495 },
      { date: '2025-10-26T23:00:00.000Z', value: 1 },
    ]);
  });

  it('has no mean without prices', () => {
    expect(mean([])).toBeNull();
    expect(meanByBucket([])).toEqual([]);
  });

  it('repeats an hourly price for each of its quarters', () => {
    const quarters = toQuarters(convert([row('2025-03-10T10:00:00Z', 60, '50', null), row('2025-03-10T11:00:00Z', 15, '70', null)], 'EUR'));
    expect(quarters).toEqual([
      { date: '2025-03-10T10:00:00.000Z', value: 0.05 },
      { date: '2025-03-10T10:15:00.000Z', value: 0.05 },
      { date: '2025-03-10T10:30:00.000Z', value: 0.05 },
      { date: '2025-03-10T10:45:00.000Z', value: 0.05 },
      { date: '2025-03-10T11:00:00.000Z', value: 0.07 },
    ]);
  });

  it('categorises by thirds of the set', () => {
    const prices = [5, 1, 3, 2, 6, 4].map((value, i) => ({ date: String(i), value }));
    expect(categorise(prices).map((p) => p.category)).toEqual(['bad', 'good', 'intermediate', 'good', 'bad', 'intermediate']);
  });
});

describe('date ranges', () => {
  const now = at('2025-10-26T12:00:00Z');
  const fields = ['startDate', 'endDate'] as const;
  const tz = 'Europe/Stockholm';

  it('takes days as local days, the end day included (a DST day has 25 hours)', () => {
    expect(parseRange({ start: '2025-10-26', end: '2025-10-26', fields, timeZone: tz, now })).toEqual({
      from: at('2025-10-25T22:00:00Z'),
      to: at('2025-10-26T23:00:00Z'),
    });
    expect(parseRange({ start: '2025-10-26', fields, timeZone: 'Europe/Helsinki', now })).toEqual({
      from: at('2025-10-25T21:00:00Z'),
      to: at('2025-10-26T22:00:00Z'),
    });
  });

  it('takes instants with an offset as they are, the end excluded', () => {
    expect(parseRange({ start: '2025-10-26T02:00+01:00', end: '2025-10-26T03:00:00Z', fields, timeZone: tz, now })).toEqual({
      from: at('2025-10-26T01:00:00Z'),
      to: at('2025-10-26T03:00:00Z'),
    });
  });

  it('defaults to today in the time zone', () => {
    expect(parseRange({ fields, timeZone: tz, now: at('2025-10-26T23:30:00Z') })).toEqual({ from: at('2025-10-26T23:00:00Z'), to: at('2025-10-27T23:00:00Z') });
  });

  it('refuses what is not a date, naming the field', () => {
    for (const value of ['2025-02-30', '2025-13-01', 'yesterday', '2025-10-26T25:00Z', '2025-10-26T10:00', '20251026']) {
      expect(() => parseRange({ start: value, fields, timeZone: tz, now }), value).toThrow(
        expect.objectContaining({ key: 'INVALID_DATE', data: { field: 'startDate', value } }),
      );
    }
    expect(() => parseRange({ start: '2025-10-26', end: 'x', fields, timeZone: tz, now })).toThrow(
      expect.objectContaining({ data: { field: 'endDate', value: 'x' } }),
    );
  });

  it('refuses an end before the start', () => {
    expect(() => parseRange({ start: '2025-10-27', end: '2025-10-26', fields, timeZone: tz, now })).toThrow(
      expect.objectContaining({ key: 'INVALID_DATE_RANGE' }),
    );
    expect(() => parseRange({ start: '2025-10-26T10:00Z', end: '2025-10-26T10:00Z', fields, timeZone: tz, now })).toThrow(
      expect.objectContaining({ key: 'INVALID_DATE_RANGE' }),
    );
  });

  it('limits the length, with an hour of slack for the long DST day', () => {
    const oneMonth = parseRange({ start: '2025-10-01', end: '2025-10-31', fields, timeZone: tz, now });
    expect(() => assertLength(oneMonth, 31, '15m')).not.toThrow();
    const tooLong = parseRange({ start: '2025-10-01', end: '2025-11-01', fields, timeZone: tz, now });
    expect(() => assertLength(tooLong, 31, '15m')).toThrow(
      expect.objectContaining({ key: 'DATE_RANGE_TOO_LONG', data: expect.objectContaining({ maxDays: 31 }) }),
    );
  });

  it('knows time zones by their IANA names', () => {
    expect(canonicalTimeZone('europe/oslo')).toBe('Europe/Oslo');
    expect(() => canonicalTimeZone('Mars/Olympus')).toThrow(expect.objectContaining({ key: 'INVALID_TIME_ZONE' }));
  });
});
