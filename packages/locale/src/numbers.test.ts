import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers.ts';

describe('formatNumber', () => {
  it('uses a no-break space and a decimal comma in sv, nb, nn, fi and de', () => {
    for (const language of ['sv', 'nb', 'nn', 'fi', 'de'] as const) {
      expect(formatNumber(1234567.891, language)).toBe('1\u00a0234\u00a0567,89');
    }
  });

  it('uses a comma for thousands and a dot for decimals in en', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
  });

  it('groups four-digit numbers', () => {
    expect(formatNumber(1234, 'sv')).toBe('1\u00a0234');
    expect(formatNumber(1234, 'de')).toBe('1\u00a0234');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(999, 'sv')).toBe('999');
  });

  it('never uses a dot, U+202F or U+2009 as the German thousands separator', () => {
    expect(formatNumber(12345678.5, 'de')).toBe('12\u00a0345\u00a0678,5');
  });

  it('uses an ASCII minus sign (Intl gives U+2212 in sv, nb, nn and fi)', () => {
    expect(formatNumber(-1234.5, 'sv')).toBe('-1\u00a0234,5');
    expect(formatNumber(-1234.5, 'fi')).toBe('-1\u00a0234,5');
    expect(formatNumber(-1234.5, 'nb')).toBe('-1\u00a0234,5');
    expect(formatNumber(-1234.5, 'de')).toBe('-1\u00a0234,5');
    expect(formatNumber(-1234.5, 'en')).toBe('-1,234.5');
  });

  it('does not show negative zero', () => {
    expect(formatNumber(-0.001, 'sv')).toBe('0');
    expect(formatNumber(-0, 'en')).toBe('0');
  });

  it('defaults to 0 to 2 fraction digits', () => {
    expect(formatNumber(1.5, 'sv')).toBe('1,5');
    expect(formatNumber(1, 'sv')).toBe('1');
    expect(formatNumber(1.23456, 'en')).toBe('1.23');
  });

  it('respects fraction digit options', () => {
    expect(formatNumber(1.5, 'sv', { minimumFractionDigits: 2 })).toBe('1,50');
    expect(formatNumber(1.23456, 'fi', { maximumFractionDigits: 4 })).toBe('1,2346');
    expect(formatNumber(1234.5, 'en', { maximumFractionDigits: 0 })).toBe('1,235');
    expect(formatNumber(2, 'de', { minimumFractionDigits: 3, maximumFractionDigits: 3 })).toBe(
      '2,000',
    );
    // A minimum above the maximum is clamped instead of throwing a RangeError.
    expect(formatNumber(2.5, 'sv', { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBe(
      '2,5',
    );
  });
});
