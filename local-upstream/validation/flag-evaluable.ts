import { validationError } from '../http/errors.ts';
import { isDict } from './fields.ts';

/**
 * On create, the service test-runs the flag's matching query and refuses a flag it cannot evaluate; locally the
 * only such flaw is a regex that does not compile (as PostgreSQL compiles it). Like the service, a flag with flag dependencies is not checked.
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
  const text = String(pattern);
  if (!boundsValid(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The service matches with PostgreSQL, where an unescaped `{` followed by a digit opens a bound that must be
 * `{m}`, `{m,}` or `{m,n}` (e.g. `9{0-9}` is an error there, a literal in JavaScript).
 */
function boundsValid(pattern: string): boolean {
  const unescaped = pattern.replace(/\\./g, '__');
  for (const opening of unescaped.matchAll(/\{(?=\d)/g)) {
    const bound = /^\{(\d+)(,(\d*))?\}/.exec(unescaped.slice(opening.index));
    if (!bound) return false;
    if (bound[3] && Number(bound[3]) < Number(bound[1])) return false;
  }
  return true;
}
