import type { EvaluationFlag, PropertyFilter } from './types.ts';

/**
 * Flag-dependency properties (`type: flag`, `operator: flag_evaluates_to`). Stored filters name the
 * dependency by flag id; local-evaluation payloads rename it to the key, so both are accepted.
 */
export function findDependency(filter: PropertyFilter, flags: EvaluationFlag[]): EvaluationFlag | undefined {
  const reference = String(filter.key);
  return flags.find((flag) => !flag.deleted && String(flag.id) === reference) ?? flags.find((flag) => !flag.deleted && flag.key === reference);
}

/** `true` means "evaluates to anything but false", `false` means false, a string names the variant. */
export function flagEvaluatesTo(expected: unknown, actual: boolean | string): boolean {
  if (typeof expected === 'boolean') {
    return expected === actual || (expected && typeof actual === 'string' && actual !== '');
  }
  if (typeof expected === 'string') return actual === expected;
  return false;
}
