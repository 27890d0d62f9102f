import { describe, expect, it } from 'vitest';
import { operatorsByType, segmentAttributeNames, segmentSpecOf } from '@gridline/contracts/segments';
import { isComplete, ruleFor } from './rules.ts';

describe('the rule-set editor’s rules', () => {
  it('starts a rule on any attribute with a comparison of its type; only lists wait for a value', () => {
    for (const name of segmentAttributeNames) {
      const rule = ruleFor(name);
      const type = segmentSpecOf(name).type;
      expect(operatorsByType[type]).toContain(rule.operator);
      expect(isComplete({ match: 'AND', rules: [rule] }), name).toBe(type !== 'stringArray' && !(type === 'string' && !segmentSpecOf(name).values));
    }
  });
  it('an empty rule set is complete; one unfinished rule makes the set incomplete', () => {
    expect(isComplete({ match: 'OR', rules: [] })).toBe(true);
    expect(isComplete({ match: 'AND', rules: [ruleFor('propertyType'), { ...ruleFor('appliances'), value: [] }] })).toBe(false);
    expect(isComplete({ match: 'AND', rules: [ruleFor('propertyType'), { ...ruleFor('appliances'), value: ['sauna'] }] })).toBe(true);
    expect(isComplete({ match: 'AND', rules: [{ ...ruleFor('carCount'), value: Number.NaN }] })).toBe(false);
  });
});
