import { describe, expect, it } from 'vitest';
import { yearlyCost } from './tariffs.ts';

describe('yearlyCost', () => {
  it('is fixed + 12 × monthly + rate × usage', () => {
    // 500 + 12 × 39 + 1.25 × 16 000 = 500 + 468 + 20 000
    expect(yearlyCost({ fixed: 500, monthly: 39, rate: 1.25, usage: 16_000 })).toBe(20_968);
  });

  it('keeps decimal figures exact (öre and cents)', () => {
    expect(yearlyCost({ fixed: 0.1, monthly: 0.2, rate: 0.049, usage: 3 })).toBe(2.647);
    expect(yearlyCost({ fixed: 0, monthly: 3.95, rate: 0.0849, usage: 2500 })).toBe(259.65);
  });

  it('is the fixed part alone without usage, and refuses what is not a number', () => {
    expect(yearlyCost({ fixed: 120, monthly: 10, rate: 2, usage: 0 })).toBe(240);
    expect(() => yearlyCost({ fixed: Number.NaN, monthly: 1, rate: 1, usage: 1 })).toThrow(RangeError);
  });
});
