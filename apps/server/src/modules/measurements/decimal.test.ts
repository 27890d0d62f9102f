import { describe, expect, it } from 'vitest';
import { bigDecimalSum, decimalSum } from './decimal.ts';

describe('decimalSum', () => {
  it('adds decimal texts exactly to the millionth, dropping further digits of each part', () => {
    expect(decimalSum(['0.1', '0.2'])).toBe('0.300000');
    expect(decimalSum(['1851.6134915555555555555555555555', '12.5', '0.0000019'])).toBe('1864.113492');
    expect(decimalSum(['-0.000001'])).toBe('-0.000001');
    expect(decimalSum(['-2.5', '1.25'])).toBe('-1.250000');
    expect(decimalSum(['3', '-3.000000'])).toBe('0.000000');
    expect(decimalSum([])).toBe('0.000000');
  });

  it('answers what the BigInt sum answers, also beyond the exact range of a Number', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const text = (digits: number) => `${random() < 0.2 ? '-' : ''}${Math.floor(random() * 10 ** digits)}.${String(Math.floor(random() * 1e9)).padStart(9, '0').slice(0, 1 + Math.floor(random() * 9))}`;
    for (let round = 0; round < 500; round++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 100) }, () => text(1 + Math.floor(random() * (round % 10 === 0 ? 14 : 8))));
      expect(decimalSum(values), values.join(' + ')).toBe(bigDecimalSum(values));
    }
    expect(decimalSum(['99999999.999999', '99999999.999999'])).toBe('199999999.999998');
    expect(decimalSum(['123456789012.5', '1'])).toBe('123456789013.500000');
    expect(decimalSum(Array.from({ length: 81 }, () => '99999999.9'))).toBe('8099999991.900000');
  });
});
