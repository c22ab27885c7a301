import { isDict, pythonStr } from '../python-format.ts';
import { pythonType } from './fields.ts';
import { isValidPythonRegex } from './python-regex.ts';

/**
 * The service's type checks on `filters`, run before anything else looks inside them (they keep malformed
 * values out of its flag evaluation engine). Each returns the service's message for the first bad value.
 */
export function filterTypeError(filters: Record<string, unknown>, groups: Record<string, unknown>[], storedRegexes: Set<string>): string | null {
  return (
    integerError(filters.aggregation_group_type_index, 'aggregation_group_type_index') ??
    earlyExitError(filters.early_exit) ??
    firstError(groups.map((group, index) => groupError(group, index, storedRegexes))) ??
    firstError(
      variantsOf(filters).map((variant, index) => rolloutError(variant.rollout_percentage, `multivariate.variants[${index}].rollout_percentage`, false)),
    )
  );
}

function groupError(group: Record<string, unknown>, index: number, storedRegexes: Set<string>): string | null {
  const variant = group.variant;
  if (variant !== undefined && variant !== null && typeof variant !== 'string') {
    return `groups[${index}].variant must be a string or null, got ${pythonType(variant)}`;
  }
  const properties = Array.isArray(group.properties) ? group.properties.filter(isDict) : [];
  return (
    rolloutError(group.rollout_percentage, `groups[${index}].rollout_percentage`, true) ??
    integerError(group.aggregation_group_type_index, `groups[${index}].aggregation_group_type_index`) ??
    firstError(properties.map((prop, propIndex) => propertyError(prop, `groups[${index}].properties[${propIndex}]`, storedRegexes)))
  );
}

/** A regex Python cannot compile is refused, unless the flag already stored it. */
function propertyError(prop: Record<string, unknown>, path: string, storedRegexes: Set<string>): string | null {
  const regex = (prop.operator === 'regex' || prop.operator === 'not_regex') && typeof prop.value === 'string' ? prop.value : null;
  return (
    integerError(prop.group_type_index, `${path}.group_type_index`) ??
    (regex !== null && !storedRegexes.has(regex) && !isValidPythonRegex(regex) ? `${path}.value: invalid regex pattern` : null)
  );
}

function rolloutError(value: unknown, path: string, allowNull: boolean): string | null {
  if (value === undefined || value === null) return allowNull ? null : `${path} must be a number, got null`;
  if (typeof value !== 'number') return `${path} must be ${allowNull ? 'a number or null' : 'a number'}, got ${pythonType(value)}`;
  if (value < 0 || value > 100) return `${path} must be between 0 and 100, got ${pythonStr(value)}`;
  return null;
}

function integerError(value: unknown, path: string): string | null {
  if (value === undefined || value === null || Number.isInteger(value)) return null;
  return `${path} must be an integer or null, got ${pythonType(value)}`;
}

function earlyExitError(value: unknown): string | null {
  if (value === undefined || value === null || typeof value === 'boolean') return null;
  return `early_exit must be a boolean or null, got ${pythonType(value)}`;
}

function variantsOf(filters: Record<string, unknown>): Record<string, unknown>[] {
  const multivariate = filters.multivariate;
  return isDict(multivariate) && Array.isArray(multivariate.variants) ? multivariate.variants.filter(isDict) : [];
}

function firstError(errors: Array<string | null>): string | null {
  return errors.find((error) => error !== null) ?? null;
}
