import { describe, expect, it } from 'vitest';
import { formatAmount, subUnitName } from './amounts.ts';

describe('formatAmount', () => {
  it('shows SEK and NOK with 0 decimals and kr after the number', () => {
    expect(formatAmount(1234, 'SEK', 'sv')).toBe('1\u00a0234\u00a0kr');
    expect(formatAmount(1234.49, 'SEK', 'sv')).toBe('1\u00a0234\u00a0kr');
    expect(formatAmount(1234.5, 'NOK', 'nb')).toBe('1\u00a0235\u00a0kr');
    expect(formatAmount(1234, 'SEK', 'en')).toBe('1,234\u00a0kr');
  });

  it('shows EUR with 2 decimals in the language’s way', () => {
    expect(formatAmount(12.34, 'EUR', 'en')).toBe('€12.34');
    expect(formatAmount(12.34, 'EUR', 'de')).toBe('12,34\u00a0€');
    expect(formatAmount(12.34, 'EUR', 'fi')).toBe('12,34\u00a0€');
    expect(formatAmount(1234.5, 'EUR', 'de')).toBe('1\u00a0234,50\u00a0€');
    expect(formatAmount(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount(12, 'EUR', 'fi')).toBe('12,00\u00a0€');
  });

  it('shows negative amounts with an ASCII minus', () => {
    expect(formatAmount(-1234, 'SEK', 'sv')).toBe('-1\u00a0234\u00a0kr');
    expect(formatAmount(-12.34, 'EUR', 'en')).toBe('-€12.34');
    expect(formatAmount(-1234.5, 'EUR', 'de')).toBe('-1\u00a0234,50\u00a0€');
  });

  it('lets decimals override the currency default', () => {
    expect(formatAmount(1234.5, 'SEK', 'sv', { decimals: 2 })).toBe('1\u00a0234,50\u00a0kr');
    expect(formatAmount(1234.567, 'EUR', 'de', { decimals: 0 })).toBe('1\u00a0235\u00a0€');
  });

  it('shows amounts under 1 in sub-units', () => {
    expect(formatAmount(0.45, 'SEK', 'sv')).toBe('45\u00a0öre');
    expect(formatAmount(0.45, 'NOK', 'nb')).toBe('45\u00a0øre');
    expect(formatAmount(0.45, 'EUR', 'en')).toBe('45\u00a0c');
    expect(formatAmount(0.45, 'EUR', 'fi')).toBe('45\u00a0snt');
    expect(formatAmount(0.45, 'EUR', 'de')).toBe('45\u00a0Cent');
    expect(formatAmount(0.45, 'EUR', 'sv')).toBe('45\u00a0cent');
    expect(formatAmount(-0.29, 'SEK', 'sv')).toBe('-29\u00a0öre');
    expect(formatAmount(0.994, 'SEK', 'sv')).toBe('99\u00a0öre');
  });

  it('keeps sub-unit fractions when decimals go beyond 2', () => {
    expect(formatAmount(0.4567, 'SEK', 'sv', { decimals: 4 })).toBe('45,67\u00a0öre');
    expect(formatAmount(0.4567, 'SEK', 'sv', { decimals: 2 })).toBe('46\u00a0öre');
  });

  it('uses the major unit at exactly 1, at 0, when rounding reaches 100 sub-units, or on request', () => {
    expect(formatAmount(1, 'SEK', 'sv')).toBe('1\u00a0kr');
    expect(formatAmount(0, 'SEK', 'sv')).toBe('0\u00a0kr');
    expect(formatAmount(0, 'EUR', 'en')).toBe('€0.00');
    expect(formatAmount(0.999, 'EUR', 'de')).toBe('1,00\u00a0€');
    expect(formatAmount(0.45, 'SEK', 'sv', { subUnits: false, decimals: 2 })).toBe('0,45\u00a0kr');
  });

  it('names sub-units', () => {
    expect(subUnitName('SEK', 'en')).toBe('öre');
    expect(subUnitName('NOK', 'nn')).toBe('øre');
    expect(subUnitName('EUR', 'fi')).toBe('snt');
  });
});
