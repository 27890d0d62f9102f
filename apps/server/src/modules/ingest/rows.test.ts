import { describe, expect, it } from 'vitest';
import { instantOf, validateRow } from './rows.ts';

describe('instantOf', () => {
  it('reads instants with Z or an offset, with or without seconds and fractions, as Date does', () => {
    for (const text of [
      '2025-03-30T01:00:00Z',
      '2025-03-30T01:00Z',
      '2025-03-30T03:15:00+02:00',
      '2025-10-26T02:45:00+01:00',
      '2025-10-26T02:45:00-09:30',
      '2024-02-29T23:59:59.5Z',
      '2024-02-29T23:59:59.123+00:00',
      '1999-12-31T23:00:00.07Z',
      '2025-01-01T00:00:00+14:00',
      '0050-06-01T00:00:00Z',
    ]) {
      expect(instantOf(text), text).toBe(Date.parse(text));
    }
  });

  it('reads a row after one of another date as well as one of the same date', () => {
    expect(instantOf('2025-06-01T10:00:00Z')).toBe(Date.parse('2025-06-01T10:00:00Z'));
    expect(instantOf('2025-06-01T11:00:00Z')).toBe(Date.parse('2025-06-01T11:00:00Z'));
    expect(instantOf('2025-06-02T00:00:00Z')).toBe(Date.parse('2025-06-02T00:00:00Z'));
  });

  it('refuses times that do not exist, which Date would carry over', () => {
    for (const text of ['2025-02-30T00:00:00Z', '2025-02-29T00:00:00Z', '2025-04-31T00:00:00Z', '2025-13-01T00:00:00Z', '2025-00-10T00:00:00Z', '2025-06-01T24:00:00Z', '2025-06-01T12:60:00Z', '2025-06-01T12:00:60Z', '2025-06-01T12:00:00+24:00']) {
      expect(instantOf(text), text).toBeUndefined();
    }
  });
});

describe('validateRow', () => {
  const row = (fields: Record<string, unknown>) => validateRow({ serviceId: '0123456789abcdef01234567', minutes: 15, value: '1.5', ...fields });

  it('takes a valid row, with its defaults', () => {
    expect(row({ start: '2025-03-30T03:15:00+02:00' })).toEqual({
      serviceId: '0123456789abcdef01234567', meteringPointId: undefined, serviceType: 'consumption_trade',
      serviceSeq: 0, intervalStart: new Date('2025-03-30T01:15:00Z'), minutes: 15, value: '1.5', certainty: 1, status: 2, source: 0,
    });
  });

  it('names what is wrong with a row', () => {
    expect(row({ start: '2025-02-30T00:00:00Z' })).toMatch(/^INVALID_START: not a real time/);
    expect(row({ start: '2025-02-03T00:00:00' })).toMatch(/^INVALID_START: start must be/);
    expect(row({ start: '2025-02-03T00:10:00Z' })).toMatch(/^MISALIGNED_START/);
    expect(row({ start: '2025-02-03T00:00:00Z', minutes: 30 })).toMatch(/^INVALID_RESOLUTION/);
    expect(row({ start: '2025-02-03T00:00:00Z', minutes: '60', value: '1.23456' })).toMatch(/^INVALID_VALUE/);
    expect(row({ start: '2025-02-03T00:00:00Z', resolution: 'PT60M', minutes: undefined })).toMatchObject({ minutes: 60 });
    expect(row({ start: '2025-02-03T00:00:00Z', certainty: 2 })).toMatch(/^INVALID_CERTAINTY/);
    expect(row({ start: '2025-02-03T00:00:00Z', status: 10 })).toMatch(/^INVALID_STATUS/);
    expect(row({ start: '2025-02-03T00:00:00Z', serviceId: 'x' })).toMatch(/^MALFORMED_SERVICE_ID/);
  });
});
