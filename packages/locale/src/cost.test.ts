import { describe, expect, it } from 'vitest';
import { yearlyCost } from './cost.ts';

describe('yearlyCost', () => {
  it('is fixed + 12 × monthly + rate × usage', () => {
    expect(yearlyCost({ fixed: 100, monthly: 50, rate: 1.5, usage: 10000 })).toBe(15700);
    expect(yearlyCost({ fixed: 0, monthly: 0, rate: 0, usage: 5000 })).toBe(0);
    expect(yearlyCost({ fixed: 200, monthly: 0, rate: 0.5, usage: 0 })).toBe(200);
  });
});
