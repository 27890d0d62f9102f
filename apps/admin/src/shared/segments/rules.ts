import { operatorsByType, segmentRuleProblem, segmentSpecOf, type SegmentAttributeName, type SegmentRule, type SegmentRuleSet } from '@gridline/contracts/segments';

/** A new rule on an attribute: its type's first comparison and a value to start from (a list starts empty). */
export function ruleFor(name: SegmentAttributeName): SegmentRule {
  const spec = segmentSpecOf(name);
  const operator = operatorsByType[spec.type][0]!;
  const value = spec.type === 'boolean' ? true : spec.type === 'number' ? 0 : spec.type === 'stringArray' ? [] : (spec.values?.[0] ?? '');
  return { name, operator, value };
}

/** Whether every rule is complete and valid by the contracts' own check (then the audience is asked for). */
export const isComplete = (ruleSet: SegmentRuleSet): boolean => ruleSet.rules.every((rule) => segmentRuleProblem(rule) === null);
