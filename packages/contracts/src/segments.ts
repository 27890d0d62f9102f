import { z } from 'zod';
import { hasControlCharacter } from './common.ts';
import { AgreementType, PriceZone, ReadingPeriod, ServiceType } from './enums.ts';
import { carOptions, gadgetOptions, heatingOptions, homePropertyTypes, NO_GADGETS, NO_VEHICLE } from './home.ts';
import type { StaffScope } from './staff.ts';

/*
 * Segment rules, audience targeting (spec 002 §3 "Segment rules", §5 "Segment operators by type";
 * issue 18, decision 0052). One evaluator, used by the server (the audience of a rule set from the
 * real data) and by the back office (its editor checks a rule set with the same schema).
 *
 * A rule is `{ name, operator, value }`; a rule set `{ match: 'AND' | 'OR', rules }`.
 *
 * Operators, by the attribute's type (exact spellings):
 * - string and boolean: `equals`, `notEquals`;
 * - number: `equals`, `notEquals`, `less`, `greater`, `lessOrEqual`, `greaterOrEqual`;
 * - stringArray: `anyOf` (has at least one of the values), `allOf` (has every value),
 *   `noneOf` (has none of the values).
 *
 * Evaluation (`matchesSegment`):
 * - An empty rule set matches every location (with AND and with OR).
 * - A missing attribute (undefined: the data has no value for it) matches only the negative
 *   operators, `notEquals` and `noneOf` (a location without a known value does not have the
 *   value named); every other operator is false.
 * - Strings without a list of values (zipCode, city) are compared without spaces and case
 *   (`114 32` equals `11432`, `umeå` equals `Umeå`); enumerated strings exactly.
 */

export const SEGMENT_MAX_RULES = 50;
export const SEGMENT_MAX_VALUES = 50;
export const SEGMENT_MAX_TEXT = 100;

export const segmentAttributeTypes = ['string', 'boolean', 'number', 'stringArray'] as const;
export type SegmentAttributeType = (typeof segmentAttributeTypes)[number];

export const segmentOperators = ['equals', 'notEquals', 'less', 'greater', 'lessOrEqual', 'greaterOrEqual', 'anyOf', 'allOf', 'noneOf'] as const;
export type SegmentOperator = (typeof segmentOperators)[number];

/** The operators each type allows (spec 002 §5). */
export const operatorsByType: Readonly<Record<SegmentAttributeType, readonly SegmentOperator[]>> = {
  string: ['equals', 'notEquals'],
  boolean: ['equals', 'notEquals'],
  number: ['equals', 'notEquals', 'less', 'greater', 'lessOrEqual', 'greaterOrEqual'],
  stringArray: ['anyOf', 'allOf', 'noneOf'],
};

/** House age buckets (spec 001 §3: built recently, under 10, under 20, older, unknown). */
export const propertyAges = ['builtRecently', 'under10', 'under20', 'older', 'unknown'] as const;
export type PropertyAge = (typeof propertyAges)[number];

export const segmentZoneFlags = ['inSE1', 'inSE2', 'inSE3', 'inSE4', 'inNO1', 'inNO2', 'inNO3', 'inNO4', 'inNO5'] as const;

export interface SegmentAttributeSpec {
  type: SegmentAttributeType;
  /** The allowed values of an enumerated string or string array; none: free text. */
  values?: readonly string[];
}

const without = <T extends string>(list: readonly T[], ...drop: string[]) => list.filter((v) => !drop.includes(v));

/**
 * The attribute catalogue of spec 002 §3, by its exact names, with each one's type and allowed
 * values (the project's own enumerations: agreement, service, price zone and reading period types
 * from `enums.ts`, cars, gadgets, heating and property types from `home.ts`).
 */
export const segmentCatalogue = {
  hasLoadTariffs: { type: 'boolean' },
  hasRealtimeMeasurements: { type: 'boolean' },
  hasCost: { type: 'boolean' },
  hasDeviationsEnabled: { type: 'boolean' },
  agreementTypes: { type: 'stringArray', values: AgreementType.options },
  serviceTypes: { type: 'stringArray', values: ServiceType.options },
  carTypes: { type: 'stringArray', values: without(carOptions, NO_VEHICLE) },
  carCount: { type: 'number' },
  propertyType: { type: 'string', values: homePropertyTypes },
  propertySize: { type: 'number' },
  numberOfResidents: { type: 'number' },
  propertyAge: { type: 'string', values: propertyAges },
  appliances: { type: 'stringArray', values: without(gadgetOptions, NO_GADGETS) },
  heatingTypes: { type: 'stringArray', values: heatingOptions },
  zipCode: { type: 'string' },
  city: { type: 'string' },
  hasLocationProperties: { type: 'boolean' },
  priceZones: { type: 'stringArray', values: PriceZone.options },
  readingPeriods: { type: 'stringArray', values: without(ReadingPeriod.options, 'none') },
  inSE1: { type: 'boolean' },
  inSE2: { type: 'boolean' },
  inSE3: { type: 'boolean' },
  inSE4: { type: 'boolean' },
  inNO1: { type: 'boolean' },
  inNO2: { type: 'boolean' },
  inNO3: { type: 'boolean' },
  inNO4: { type: 'boolean' },
  inNO5: { type: 'boolean' },
} as const satisfies Record<string, SegmentAttributeSpec>;

export type SegmentAttributeName = keyof typeof segmentCatalogue;
export const segmentAttributeNames = Object.keys(segmentCatalogue) as SegmentAttributeName[];

type ValueOfType<T extends SegmentAttributeType> = T extends 'string' ? string : T extends 'boolean' ? boolean : T extends 'number' ? number : string[];

/** A location's attributes; an attribute the data has no value for is left out (undefined). */
export type SegmentAttributes = { [K in SegmentAttributeName]?: ValueOfType<(typeof segmentCatalogue)[K]['type']> };

export const isSegmentAttribute = (name: string): name is SegmentAttributeName => Object.hasOwn(segmentCatalogue, name);
export const segmentSpecOf = (name: SegmentAttributeName): SegmentAttributeSpec => segmentCatalogue[name];

/** The error keys of a rule set, in the order they are checked. */
export const segmentErrorKeys = [
  'SEGMENT_TOO_MANY_RULES',
  'SEGMENT_UNKNOWN_ATTRIBUTE',
  'SEGMENT_OPERATOR_NOT_ALLOWED',
  'SEGMENT_VALUE_WRONG_TYPE',
  'SEGMENT_VALUE_REQUIRED',
  'SEGMENT_VALUE_TOO_LONG',
  'SEGMENT_UNKNOWN_VALUE',
] as const;
export type SegmentErrorKey = (typeof segmentErrorKeys)[number];

/** What is wrong with a rule, or null: the one check the schema and the editor share. */
export function segmentRuleProblem(rule: { name: string; operator: string; value: unknown }): { key: SegmentErrorKey; path: 'name' | 'operator' | 'value'; detail: string } | null {
  if (!isSegmentAttribute(rule.name)) return { key: 'SEGMENT_UNKNOWN_ATTRIBUTE', path: 'name', detail: `no attribute ${String(rule.name).slice(0, 40)}` };
  const spec = segmentSpecOf(rule.name);
  if (!(operatorsByType[spec.type] as readonly string[]).includes(rule.operator)) {
    return { key: 'SEGMENT_OPERATOR_NOT_ALLOWED', path: 'operator', detail: `${spec.type} allows ${operatorsByType[spec.type].join(', ')}` };
  }
  const { value } = rule;
  const wrong = { key: 'SEGMENT_VALUE_WRONG_TYPE', path: 'value', detail: `${rule.name} takes a ${spec.type}` } as const;
  const strings: unknown[] = spec.type === 'stringArray' ? (Array.isArray(value) ? value : [value]) : [value];
  if (spec.type === 'boolean') return typeof value === 'boolean' ? null : wrong;
  if (spec.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? null : wrong;
  if (spec.type === 'stringArray' && !Array.isArray(value)) return wrong;
  if (strings.some((s) => typeof s !== 'string')) return wrong;
  const texts = strings as string[];
  if (texts.length === 0 || texts.some((s) => s.trim() === '')) return { key: 'SEGMENT_VALUE_REQUIRED', path: 'value', detail: 'a value is required' };
  if (texts.length > SEGMENT_MAX_VALUES || texts.some((s) => s.length > SEGMENT_MAX_TEXT || hasControlCharacter(s))) {
    return { key: 'SEGMENT_VALUE_TOO_LONG', path: 'value', detail: `at most ${SEGMENT_MAX_VALUES} values of at most ${SEGMENT_MAX_TEXT} characters` };
  }
  const allowed = spec.values;
  const unknown = allowed ? texts.find((s) => !allowed.includes(s)) : undefined;
  if (unknown !== undefined) return { key: 'SEGMENT_UNKNOWN_VALUE', path: 'value', detail: `${rule.name} takes ${allowed!.join(', ')}` };
  return null;
}

/** A string, a number, a boolean or a list of strings; which one is the attribute's type. */
const SegmentValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())], { error: 'SEGMENT_VALUE_WRONG_TYPE: a string, number, boolean or list of strings' });

export const SegmentRule = z
  .strictObject({
    name: z.string().max(64, 'SEGMENT_UNKNOWN_ATTRIBUTE').meta({ description: `One of: ${segmentAttributeNames.join(', ')}` }),
    operator: z.enum(segmentOperators, { error: 'SEGMENT_OPERATOR_NOT_ALLOWED' }),
    value: SegmentValue,
  })
  .superRefine((rule, ctx) => {
    const problem = segmentRuleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: `${problem.key}: ${problem.detail}` });
  });
export type SegmentRule = z.infer<typeof SegmentRule>;

export const SegmentMatch = z.enum(['AND', 'OR']);
export type SegmentMatch = z.infer<typeof SegmentMatch>;

export const SegmentRuleSet = z.strictObject({
  match: SegmentMatch,
  rules: z.array(SegmentRule).max(SEGMENT_MAX_RULES, 'SEGMENT_TOO_MANY_RULES'),
});
export type SegmentRuleSet = z.infer<typeof SegmentRuleSet>;

// --- The evaluator ---

const loose = (text: string) => text.replace(/\s+/g, '').toLocaleLowerCase('en');

function sameString(name: SegmentAttributeName, a: string, b: string): boolean {
  return segmentSpecOf(name).values ? a === b : loose(a) === loose(b);
}

/** Whether one rule holds for a location's attributes (the rule is assumed valid: see `SegmentRule`). */
export function matchesRule(rule: SegmentRule, attributes: SegmentAttributes): boolean {
  if (!isSegmentAttribute(rule.name)) return false;
  const actual = attributes[rule.name] as unknown;
  const { operator, value } = rule;
  if (actual === undefined || actual === null) return operator === 'notEquals' || operator === 'noneOf';
  if (Array.isArray(actual)) {
    const wanted = Array.isArray(value) ? value : [String(value)];
    const has = (v: string) => (actual as string[]).includes(v);
    if (operator === 'anyOf') return wanted.some(has);
    if (operator === 'allOf') return wanted.every(has);
    if (operator === 'noneOf') return !wanted.some(has);
    return false;
  }
  if (typeof actual === 'number') {
    if (typeof value !== 'number') return false;
    switch (operator) {
      case 'equals': return actual === value;
      case 'notEquals': return actual !== value;
      case 'less': return actual < value;
      case 'greater': return actual > value;
      case 'lessOrEqual': return actual <= value;
      case 'greaterOrEqual': return actual >= value;
      default: return false;
    }
  }
  const equal = typeof actual === 'string' && typeof value === 'string' ? sameString(rule.name, actual, value) : actual === value;
  if (operator === 'equals') return equal;
  if (operator === 'notEquals') return !equal;
  return false;
}

/** Whether a location with these attributes is in the audience of the rule set. An empty set is everyone. */
export function matchesSegment(ruleSet: SegmentRuleSet, attributes: SegmentAttributes): boolean {
  if (ruleSet.rules.length === 0) return true;
  return ruleSet.match === 'AND' ? ruleSet.rules.every((r) => matchesRule(r, attributes)) : ruleSet.rules.some((r) => matchesRule(r, attributes));
}

/** The house-age bucket of a stored `houseAge` (`1970-1979`, or a year `1985`) in a year: by the middle of the range. */
export function propertyAgeOf(houseAge: unknown, year: number): PropertyAge {
  if (typeof houseAge !== 'string') return 'unknown';
  const match = /^\s*(\d{4})(?:\s*-\s*(\d{4}))?\s*$/.exec(houseAge);
  if (!match) return 'unknown';
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : from;
  if (to < from) return 'unknown';
  const age = year - Math.floor((from + to) / 2);
  if (age < 0) return 'unknown';
  if (age <= 2) return 'builtRecently';
  if (age < 10) return 'under10';
  if (age < 20) return 'under20';
  return 'older';
}

// --- The audience call ---

/** Who may see an audience (issue 18): platform staff and the organisation's admins, marketers and developers. */
export const audienceReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];

export const AUDIENCE_EXAMPLES = 5;

export const AudienceRequest = z.strictObject({ rules: SegmentRuleSet });
export type AudienceRequest = z.infer<typeof AudienceRequest>;

export const AudienceExample = z.object({
  locationId: z.string(),
  customerName: z.string(),
  address: z.string(),
  city: z.string(),
});
export type AudienceExample = z.infer<typeof AudienceExample>;

export const Audience = z.object({
  /** Locations the rule set matches. */
  matched: z.number().int(),
  /** The organisation's locations a customer sees (ACTIVE, ACTIVE_PROCESS, PENDING). */
  total: z.number().int(),
  examples: z.array(AudienceExample).max(AUDIENCE_EXAMPLES),
});
export type Audience = z.infer<typeof Audience>;
