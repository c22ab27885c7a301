import { evaluateCondition, type ConditionSubject } from './conditions.ts';
import { findDependency, flagEvaluatesTo } from './dependencies.ts';
import { higherPriority, type ReasonAtIndex } from './reasons.ts';
import type { Condition, EvaluationContext, EvaluationFlag, FlagEvaluation, PropertyFilter } from './types.ts';
import { pickVariant, variantsOf } from './variants.ts';
import { pythonStr } from '../python-format.ts';

/** Extra context for group flags: group type index -> properties of the group passed in `groups`. */
export interface GroupPropertiesContext {
  groupProperties?: Record<string, Record<string, unknown>>;
}

/** Evaluates one flag for one person (or group) the way the real service does server-side. */
export function evaluateFlag(flag: EvaluationFlag, ctx: EvaluationContext & GroupPropertiesContext): FlagEvaluation {
  return evaluateWithStack(flag, ctx, new Set());
}

function evaluateWithStack(flag: EvaluationFlag, ctx: EvaluationContext & GroupPropertiesContext, stack: Set<number>): FlagEvaluation {
  if (!flag.active || flag.deleted) return { value: false, reason: 'disabled', conditionIndex: null };
  const identifier = bucketingIdentifier(flag, ctx);
  if (identifier === null) return { value: false, reason: 'no_group_type', conditionIndex: null };
  const subject = conditionSubject(flag, identifier, ctx, new Set([...stack, flag.id]));

  let best: ReasonAtIndex = { reason: 'no_condition_match', conditionIndex: 0 };
  for (const { condition, index } of conditionsInEvaluationOrder(flag.filters)) {
    const outcome = evaluateCondition(condition, subject);
    if (outcome === 'condition_match') return matched(flag, condition, index, identifier);
    best = higherPriority(best, { reason: outcome, conditionIndex: index });
  }
  return { value: false, reason: best.reason, conditionIndex: best.conditionIndex };
}

/**
 * distinct_id for person flags (their `$device_id` person property for device-bucketed flags, when one was
 * passed); the group key for group flags, or null when that group was not passed.
 */
function bucketingIdentifier(flag: EvaluationFlag, ctx: EvaluationContext): string | null {
  const groupTypeIndex = flag.filters.aggregation_group_type_index;
  if (groupTypeIndex === undefined || groupTypeIndex === null) {
    const deviceId = flag.bucketing_identifier === 'device_id' ? ctx.personProperties?.$device_id : undefined;
    return deviceId === undefined || deviceId === null || deviceId === '' ? ctx.distinctId : pythonStr(deviceId);
  }
  const groupType = ctx.groupTypeMapping?.[pythonStr(groupTypeIndex)];
  const groupKey = groupType === undefined ? undefined : ctx.groups?.[groupType];
  return groupKey === undefined ? null : String(groupKey);
}

/**
 * Conditions in the order given. The service no longer moves variant-override conditions to the front, and
 * current server SDKs (posthog-node 5) follow; `super_groups` and `holdout_groups` are not evaluated.
 */
function conditionsInEvaluationOrder(filters: Record<string, unknown>): { condition: Condition; index: number }[] {
  const groups = Array.isArray(filters.groups) ? (filters.groups as Condition[]) : [];
  return groups.map((condition, index) => ({ condition, index }));
}

function matched(flag: EvaluationFlag, condition: Condition, index: number, identifier: string): FlagEvaluation {
  const variants = variantsOf(flag.filters);
  const override = variants.some((variant) => variant.key === condition.variant) ? String(condition.variant) : null;
  const value = override ?? (variants.length > 0 ? pickVariant(flag.key, identifier, variants) : null) ?? true;
  const evaluation: FlagEvaluation = { value, reason: 'condition_match', conditionIndex: index };
  const payload = payloadFor(flag.filters, value);
  if (payload !== undefined) evaluation.payload = payload;
  return evaluation;
}

/** The stored payload (a JSON string) for the variant, or for `"true"` on boolean flags. */
function payloadFor(filters: Record<string, unknown>, value: boolean | string): unknown {
  const payloads = filters.payloads;
  if (typeof payloads !== 'object' || payloads === null) return undefined;
  const payload = (payloads as Record<string, unknown>)[String(value)];
  return payload === null ? undefined : payload;
}

function conditionSubject(flag: EvaluationFlag, identifier: string, ctx: EvaluationContext & GroupPropertiesContext, stack: Set<number>): ConditionSubject {
  return {
    flagKey: flag.key,
    bucketingIdentifier: identifier,
    distinctId: ctx.distinctId,
    properties: ctx.personProperties ?? {},
    cohorts: ctx.cohorts ?? [],
    groupProperties: (index) => ctx.groupProperties?.[String(index)] ?? {},
    matchFlagProperty: (filter) => matchDependency(filter, ctx, stack),
  };
}

/** A dependency that is missing, deleted or part of a cycle evaluates to false. */
function matchDependency(filter: PropertyFilter, ctx: EvaluationContext & GroupPropertiesContext, stack: Set<number>): boolean {
  const dependency = findDependency(filter, ctx.flags ?? []);
  if (!dependency || stack.has(dependency.id)) return flagEvaluatesTo(filter.value, false);
  return flagEvaluatesTo(filter.value, evaluateWithStack(dependency, ctx, stack).value);
}
