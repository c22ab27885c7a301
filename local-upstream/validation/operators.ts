/**
 * Property operators the service knows, and which of them a flag condition may use. Unknown ones are refused
 * with `invalid_operator`, known ones flags cannot evaluate with `unsupported_operator`.
 */
const SEMVER_OPERATORS = ['semver_eq', 'semver_neq', 'semver_gt', 'semver_gte', 'semver_lt', 'semver_lte', 'semver_tilde', 'semver_caret', 'semver_wildcard'];

const FLAG_OPERATORS = new Set([
  'exact',
  'is_not',
  'icontains',
  'not_icontains',
  'regex',
  'not_regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'is_set',
  'is_not_set',
  'is_date_exact',
  'is_date_before',
  'is_date_after',
  'in',
  'not_in',
  'flag_evaluates_to',
  'icontains_multi',
  'not_icontains_multi',
  ...SEMVER_OPERATORS,
]);

const NON_FLAG_OPERATORS = new Set(['between', 'not_between', 'is_cleaned_path_exact']);

/** Whether the service's `PropertyOperator` knows the operator at all. */
export const isKnownOperator = (operator: unknown): boolean =>
  typeof operator === 'string' && (FLAG_OPERATORS.has(operator) || NON_FLAG_OPERATORS.has(operator));

export const isSemverOperator = (operator: string): boolean => SEMVER_OPERATORS.includes(operator);

/** The service's refusal of an operator as [code, detail], or null when flags accept it. */
export function operatorError(operator: string): [string, string] | null {
  if (FLAG_OPERATORS.has(operator)) return null;
  if (NON_FLAG_OPERATORS.has(operator)) return ['unsupported_operator', `Unsupported operator for feature flags: ${operator}`];
  return ['invalid_operator', `Invalid operator: ${operator}`];
}

const SEMVER = /^\d+(\.\d+){0,2}([-+].*)?$/;

/** A semver condition value: a version string (`1`, `1.2`, `1.2.3`, with pre-release or build; `1.2.*` for wildcard). */
export function semverValueError(operator: string, value: unknown): string | null {
  if (typeof value !== 'string') return `Invalid value for operator ${operator}: expected a semver string`;
  const version = operator === 'semver_wildcard' ? value.replace(/[.*]+$/, '') : value;
  return SEMVER.test(version.trim().replace(/^v/, '')) ? null : `Invalid semver value for operator ${operator}: ${value}`;
}
