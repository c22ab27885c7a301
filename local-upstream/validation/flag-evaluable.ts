import { validationError } from '../http/errors.ts';
import { isDict } from './fields.ts';

/**
 * On create, the service test-runs the flag's matching query and refuses a flag it cannot evaluate; locally the
 * only such flaw is a regex that does not compile. Like the service, a flag with flag dependencies is not checked.
 */
export function checkFlagEvaluable(filters: unknown): void {
  const properties = conditionProperties(filters);
  if (properties.some((prop) => prop.type === 'flag')) return;
  if (properties.some((prop) => (prop.operator === 'regex' || prop.operator === 'not_regex') && !compiles(prop.value))) {
    throw validationError("Can't evaluate flag - please check release conditions", null);
  }
}

function conditionProperties(filters: unknown): Record<string, unknown>[] {
  const groups = isDict(filters) && Array.isArray(filters.groups) ? filters.groups.filter(isDict) : [];
  return groups.flatMap((group) => (Array.isArray(group.properties) ? group.properties.filter(isDict) : []));
}

function compiles(pattern: unknown): boolean {
  try {
    new RegExp(String(pattern));
    return true;
  } catch {
    return false;
  }
}
