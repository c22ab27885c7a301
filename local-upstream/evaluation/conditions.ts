import { matchCohortProperty, type CohortSubject } from './cohorts.ts';
import { bucketHash } from './hash.ts';
import { matchPropertyFilter } from './properties.ts';
import type { Condition, PropertyFilter } from './types.ts';

/** Everything a condition needs besides the condition itself. */
export interface ConditionSubject extends CohortSubject {
  flagKey: string;
  /** distinct_id, or the group key for group-aggregated flags. */
  bucketingIdentifier: string;
  /** Group type index -> that group's properties (group-type properties). */
  groupProperties: (groupTypeIndex: unknown) => Record<string, unknown>;
}

export type ConditionOutcome = 'condition_match' | 'no_condition_match' | 'out_of_rollout_bound';

/** All properties must match (AND), then the identifier's bucket must fall inside the rollout (null = 100%). */
export function evaluateCondition(condition: Condition, subject: ConditionSubject): ConditionOutcome {
  const properties = Array.isArray(condition.properties) ? (condition.properties as PropertyFilter[]) : [];
  if (!properties.every((filter) => matchConditionProperty(filter, subject))) return 'no_condition_match';
  const rollout = condition.rollout_percentage;
  if (typeof rollout === 'number' && bucketHash(subject.flagKey, subject.bucketingIdentifier) > rollout / 100) {
    return 'out_of_rollout_bound';
  }
  return 'condition_match';
}

function matchConditionProperty(filter: PropertyFilter, subject: ConditionSubject): boolean {
  switch (filter.type) {
    case 'cohort':
      return matchCohortProperty(filter, subject);
    case 'flag':
      return subject.matchFlagProperty(filter);
    case 'group':
      return matchPropertyFilter(filter, subject.groupProperties(filter.group_type_index));
    case 'person':
    case undefined:
      return matchPropertyFilter(filter, subject.properties);
    default:
      return false;
  }
}
