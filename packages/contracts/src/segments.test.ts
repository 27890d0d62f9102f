import { describe, expect, it } from 'vitest';
import {
  matchesRule,
  matchesSegment,
  operatorsByType,
  propertyAgeOf,
  SEGMENT_MAX_RULES,
  segmentAttributeNames,
  segmentCatalogue,
  SegmentRule,
  SegmentRuleSet,
  segmentRuleProblem,
  type SegmentAttributes,
  type SegmentOperator,
} from './segments.ts';

const rule = (name: string, operator: SegmentOperator, value: unknown) => ({ name, operator, value }) as SegmentRule;
const home: SegmentAttributes = {
  hasLoadTariffs: true,
  hasCost: false,
  agreementTypes: ['hourlySpot'],
  serviceTypes: ['consumption_trade', 'consumption_grid'],
  carTypes: ['electric', 'hybrid'],
  carCount: 2,
  propertyType: 'HOUSE',
  propertySize: 140,
  city: 'Upplands Väsby',
  zipCode: '194 30',
  priceZones: ['SE3'],
  inSE3: true,
  inSE1: false,
};

describe('the catalogue (spec 002 §3)', () => {
  it('has every attribute of the spec by its exact name', () => {
    expect(segmentAttributeNames).toEqual([
      'hasLoadTariffs', 'hasRealtimeMeasurements', 'hasCost', 'hasDeviationsEnabled', 'agreementTypes', 'serviceTypes', 'carTypes', 'carCount',
      'propertyType', 'propertySize', 'numberOfResidents', 'propertyAge', 'appliances', 'heatingTypes', 'zipCode', 'city', 'hasLocationProperties',
      'priceZones', 'readingPeriods', 'inSE1', 'inSE2', 'inSE3', 'inSE4', 'inNO1', 'inNO2', 'inNO3', 'inNO4', 'inNO5',
    ]);
    expect(segmentCatalogue.agreementTypes.values).toEqual(['hourlySpot', 'monthlySpot', 'fixed', 'mixed', '15minSpot']);
    expect(segmentCatalogue.carTypes.values).toEqual(['electric', 'hybrid', 'petrol_diesel']);
    expect(segmentCatalogue.readingPeriods.values).toEqual(['15M', 'hourly', 'daily', 'monthly', 'yearly']);
    expect(segmentCatalogue.propertyAge.values).toEqual(['builtRecently', 'under10', 'under20', 'older', 'unknown']);
    expect(segmentCatalogue.appliances.values).not.toContain('no_gadgets');
  });
});

describe('operators by type (spec 002 §5), one row per operator and type', () => {
  it.each<[string, SegmentOperator, unknown, boolean]>([
    // string (enumerated: exact)
    ['propertyType', 'equals', 'HOUSE', true],
    ['propertyType', 'equals', 'APPARTMENT', false],
    ['propertyType', 'notEquals', 'APPARTMENT', true],
    ['propertyType', 'notEquals', 'HOUSE', false],
    // string (free text: without spaces and case)
    ['zipCode', 'equals', '19430', true],
    ['city', 'equals', 'upplands väsby', true],
    ['city', 'notEquals', 'Umeå', true],
    ['city', 'notEquals', 'UPPLANDS VÄSBY', false],
    // boolean
    ['hasLoadTariffs', 'equals', true, true],
    ['hasLoadTariffs', 'equals', false, false],
    ['hasCost', 'equals', false, true],
    ['hasCost', 'notEquals', false, false],
    ['inSE3', 'notEquals', false, true],
    // number
    ['carCount', 'equals', 2, true],
    ['carCount', 'notEquals', 2, false],
    ['propertySize', 'less', 141, true],
    ['propertySize', 'less', 140, false],
    ['propertySize', 'greater', 139, true],
    ['propertySize', 'greater', 140, false],
    ['propertySize', 'lessOrEqual', 140, true],
    ['propertySize', 'lessOrEqual', 139, false],
    ['propertySize', 'greaterOrEqual', 140, true],
    ['propertySize', 'greaterOrEqual', 141, false],
    // string arrays
    ['carTypes', 'anyOf', ['electric', 'petrol_diesel'], true],
    ['carTypes', 'anyOf', ['petrol_diesel'], false],
    ['carTypes', 'allOf', ['electric', 'hybrid'], true],
    ['carTypes', 'allOf', ['electric', 'petrol_diesel'], false],
    ['carTypes', 'noneOf', ['petrol_diesel'], true],
    ['carTypes', 'noneOf', ['hybrid', 'petrol_diesel'], false],
    ['priceZones', 'anyOf', ['SE3'], true],
  ])('%s %s %j → %s', (name, operator, value, expected) => {
    expect(SegmentRule.safeParse(rule(name, operator, value)).success).toBe(true);
    expect(matchesRule(rule(name, operator, value), home)).toBe(expected);
  });

  it('a missing attribute matches only notEquals and noneOf', () => {
    const nothing: SegmentAttributes = {};
    expect(matchesRule(rule('hasDeviationsEnabled', 'equals', true), nothing)).toBe(false);
    expect(matchesRule(rule('hasDeviationsEnabled', 'equals', false), nothing)).toBe(false);
    expect(matchesRule(rule('hasDeviationsEnabled', 'notEquals', true), nothing)).toBe(true);
    expect(matchesRule(rule('propertyType', 'equals', 'HOUSE'), nothing)).toBe(false);
    expect(matchesRule(rule('propertyType', 'notEquals', 'HOUSE'), nothing)).toBe(true);
    for (const operator of operatorsByType.number) expect(matchesRule(rule('numberOfResidents', operator, 1), nothing)).toBe(operator === 'notEquals');
    expect(matchesRule(rule('appliances', 'anyOf', ['sauna']), nothing)).toBe(false);
    expect(matchesRule(rule('appliances', 'allOf', ['sauna']), nothing)).toBe(false);
    expect(matchesRule(rule('appliances', 'noneOf', ['sauna']), nothing)).toBe(true);
  });
  it('an empty list is an attribute with no values, not a missing one', () => {
    expect(matchesRule(rule('appliances', 'anyOf', ['sauna']), { appliances: [] })).toBe(false);
    expect(matchesRule(rule('appliances', 'noneOf', ['sauna']), { appliances: [] })).toBe(true);
  });
});

describe('rule sets', () => {
  const yes = rule('propertyType', 'equals', 'HOUSE');
  const no = rule('carCount', 'greater', 5);
  it.each<['AND' | 'OR', SegmentRule[], boolean]>([
    ['AND', [], true],
    ['OR', [], true],
    ['AND', [yes], true],
    ['AND', [yes, no], false],
    ['AND', [no, no], false],
    ['OR', [yes, no], true],
    ['OR', [no, no], false],
    ['OR', [no], false],
  ])('%s of %j → %s', (match, rules, expected) => {
    expect(matchesSegment({ match, rules }, home)).toBe(expected);
  });
  it('an empty rule set matches a location with no attributes at all', () => {
    expect(matchesSegment({ match: 'AND', rules: [] }, {})).toBe(true);
  });
});

describe('validation: each refusal with its key', () => {
  const keyOf = (input: unknown) => {
    const result = SegmentRuleSet.safeParse(input);
    return result.success ? null : /^[A-Z_]+/.exec(result.error.issues[0]!.message)?.[0];
  };
  const one = (name: string, operator: string, value: unknown) => ({ match: 'AND', rules: [{ name, operator, value }] });
  it.each<[string, unknown, string | null]>([
    ['a valid set', one('propertyType', 'equals', 'HOUSE'), null],
    ['an unknown attribute', one('shoeSize', 'equals', 'x'), 'SEGMENT_UNKNOWN_ATTRIBUTE'],
    ['an inherited property name', one('constructor', 'equals', 'x'), 'SEGMENT_UNKNOWN_ATTRIBUTE'],
    ['a number operator on a string', one('propertyType', 'less', 'HOUSE'), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['a list operator on a boolean', one('hasCost', 'anyOf', ['true']), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['a list of booleans', one('hasCost', 'equals', [true]), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['an object', one('carCount', 'equals', { n: 1 }), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['equals on a string array', one('appliances', 'equals', 'sauna'), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['an unknown operator', one('carCount', 'between', 2), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['a string for a number', one('carCount', 'equals', '2'), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['a number for a boolean', one('hasCost', 'equals', 1), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['a string for a list', one('appliances', 'anyOf', 'sauna'), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['a list for a string', one('city', 'equals', ['Umeå']), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['an empty list', one('appliances', 'anyOf', []), 'SEGMENT_VALUE_REQUIRED'],
    ['a blank text', one('city', 'equals', '  '), 'SEGMENT_VALUE_REQUIRED'],
    ['a long text', one('city', 'equals', 'x'.repeat(101)), 'SEGMENT_VALUE_TOO_LONG'],
    ['a short zip code', one('zipCode', 'equals', 'x'), null],
    ['an unknown enumerated value', one('propertyType', 'equals', 'CASTLE'), 'SEGMENT_UNKNOWN_VALUE'],
    ['an unknown list value', one('heatingTypes', 'anyOf', ['district', 'nuclear']), 'SEGMENT_UNKNOWN_VALUE'],
    ['no value for an "unknown" of property types', one('propertyType', 'equals', 'UNKNOWN'), 'SEGMENT_UNKNOWN_VALUE'],
    ['too many rules', { match: 'OR', rules: Array.from({ length: SEGMENT_MAX_RULES + 1 }, () => ({ name: 'hasCost', operator: 'equals', value: true })) }, 'SEGMENT_TOO_MANY_RULES'],
  ])('%s', (_label, input, key) => {
    expect(keyOf(input)).toBe(key);
  });
  it('a rule set of the maximum size is valid, and match is AND or OR', () => {
    expect(SegmentRuleSet.safeParse({ match: 'OR', rules: Array.from({ length: SEGMENT_MAX_RULES }, () => ({ name: 'hasCost', operator: 'equals', value: true })) }).success).toBe(true);
    expect(SegmentRuleSet.safeParse({ match: 'XOR', rules: [] }).success).toBe(false);
    expect(SegmentRuleSet.safeParse({ match: 'AND', rules: [], extra: 1 }).success).toBe(false);
  });
  it('the problem check is the same one the editor uses', () => {
    expect(segmentRuleProblem({ name: 'carCount', operator: 'equals', value: 1 })).toBeNull();
    expect(segmentRuleProblem({ name: 'carCount', operator: 'anyOf', value: 1 })?.key).toBe('SEGMENT_OPERATOR_NOT_ALLOWED');
    expect(segmentRuleProblem({ name: 'appliances', operator: 'anyOf', value: Array.from({ length: 51 }, () => 'sauna') })?.key).toBe('SEGMENT_VALUE_TOO_LONG');
  });
});

describe('house age buckets', () => {
  it.each<[unknown, string]>([
    ['2020-2029', 'builtRecently'],
    ['2015-2019', 'under10'],
    ['2024', 'builtRecently'],
    ['2010-2019', 'under20'],
    ['2000-2009', 'older'],
    ['1970-1979', 'older'],
    ['2030', 'unknown'],
    [undefined, 'unknown'],
    ['old', 'unknown'],
  ])('%s in 2026 → %s', (houseAge, bucket) => {
    expect(propertyAgeOf(houseAge, 2026)).toBe(bucket);
  });
});
