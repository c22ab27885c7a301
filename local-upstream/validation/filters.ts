import { parseConditionDate } from '../evaluation/dates.ts';
import { isDict, pythonJsonDumps, pythonStr } from '../python-format.ts';
import { pythonInt, pythonTruthy } from '../python-values.ts';
import { pythonType } from './fields.ts';
import { filterTypeError } from './filter-types.ts';
import { isSemverOperator, operatorError, semverValueError } from './operators.ts';
import { flagConditions } from './flag-conditions.ts';

/**
 * Validation of a feature flag's `filters`, with the real service's rules, order and messages
 * (the service's `FeatureFlagSerializer.validate_filters`). The first broken rule wins, as there.
 */

export interface FieldError {
  code: string;
  detail: string;
  attr: string | null;
}

/** A flag of the same project, for flag-dependency checks. `filters` lets cycles through it be found. */
export interface FlagRef {
  id: number;
  key: string;
  active: boolean;
  deleted: boolean;
  filters?: Record<string, unknown>;
}

/** A cohort of the project; only needed to refuse cohorts built on events (behavioural filters). */
export interface CohortRef {
  id: number;
  name: string;
  is_static?: boolean;
  filters: Record<string, unknown> | null;
}

export interface FiltersContext {
  isCreate: boolean;
  /** Id of the flag being updated; absent on create. */
  flagId?: number;
  /** Key of the flag being created or updated (dependencies are checked by key, as the real service does). */
  flagKey: string;
  /** Every flag of the project (deleted ones are ignored). */
  projectFlags: FlagRef[];
  cohortIds: number[];
  /** Optional: full cohorts, to refuse behavioural ones (`behavioral_cohort_found`). */
  cohorts?: CohortRef[];
  /** Optional: the stored filters, which a PATCH's filters are merged into (top-level keys replace stored ones). */
  currentFilters?: Record<string, unknown>;
}

export type FiltersResult = { ok: true; filters: Record<string, unknown> } | { ok: false; error: FieldError };

const MAX_PROPERTY_VALUES = 1000;
const STRING_VALUE_OPERATORS = new Set(['regex', 'icontains', 'not_regex', 'not_icontains', 'gte', 'lte', 'gt', 'lt']);
const NON_GROUP_PROPERTY_TYPES = new Set(['person', 'cohort', 'flag']);

class FiltersInvalid extends Error {
  readonly code: string;
  constructor(detail: string, code = 'invalid_input') {
    super(detail);
    this.code = code;
  }
}

type Dict = Record<string, unknown>;
interface Prop {
  key: unknown;
  value: unknown;
  operator: string;
  type: string;
  group_type_index: unknown;
}

/** Validates and normalizes `filters` for storage (dict payload values become JSON strings). */
export function validateFilters(filters: unknown, ctx: FiltersContext): FiltersResult {
  const shapeError = checkIsDict(filters);
  if (shapeError) return { ok: false, error: shapeError };
  const input = filters as Dict;
  // An update stores the merged state, validated whole: `{}` changes nothing, `{payloads}` keeps the stored
  // condition sets, `{groups: []}` clears them.
  if (!ctx.isCreate && Object.keys(input).length === 0) return { ok: true, filters: ctx.currentFilters ?? input };
  const merged = ctx.isCreate ? input : { ...(ctx.currentFilters ?? {}), ...input };
  try {
    return { ok: true, filters: validateDict(structuredClone(merged), ctx) };
  } catch (error) {
    if (error instanceof FiltersInvalid) {
      return { ok: false, error: { code: error.code, detail: error.message, attr: 'filters' } };
    }
    throw error;
  }
}

/** DRF DictField messages for a value that is not an object. */
function checkIsDict(value: unknown): FieldError | null {
  if (value === null || value === undefined) return { code: 'null', detail: 'This field may not be null.', attr: 'filters' };
  if (typeof value === 'object' && !Array.isArray(value)) return null;
  return { code: 'not_a_dict', detail: `Expected a dictionary of items but got type "${pythonType(value)}".`, attr: 'filters' };
}

function validateDict(filters: Dict, ctx: FiltersContext): Dict {
  const groups = readGroups(filters, ctx.isCreate);
  const typeError = filterTypeError(filters, groups, existingRegexPatterns(ctx.currentFilters));
  if (typeError) throw new FiltersInvalid(typeError);
  normalizeAggregation(filters, groups);
  groups.forEach(checkConditionPropertyTypes);
  if (groups.some((group) => group.aggregation_group_type_index === null)) checkFlagDependencies(filters, ctx);

  const variantKeys = checkVariants(filters);
  groups.forEach((group) => checkCondition(group, variantKeys, ctx));
  const payloads = checkPayloads(filters, variantKeys);
  if (filters.payloads !== undefined) filters.payloads = payloads;
  return filters;
}

/** Regexes already stored on the flag: a PATCH may keep one Python would refuse (the service skips them too). */
function existingRegexPatterns(current: Dict | undefined): Set<string> {
  const groups = Array.isArray(current?.groups) ? current.groups.filter(isDict) : [];
  const values = groups.flatMap((group) => (Array.isArray(group.properties) ? group.properties.filter(isDict) : []));
  return new Set(
    values.filter((prop) => prop.operator === 'regex' || prop.operator === 'not_regex').flatMap((prop) => (typeof prop.value === 'string' ? [prop.value] : [])),
  );
}

/** Each condition set is aggregated by persons (person, cohort and flag properties) or by one group type. */
function checkConditionPropertyTypes(group: Dict): void {
  const aggregation = group.aggregation_group_type_index ?? null;
  for (const prop of readProperties(group)) {
    if (aggregation === null) {
      if (!NON_GROUP_PROPERTY_TYPES.has(prop.type)) {
        throw new FiltersInvalid('Filters are not valid (person-aggregated conditions can only use person, cohort, and flag properties)');
      }
      if (prop.type === 'flag' && prop.operator !== 'flag_evaluates_to') throw new FiltersInvalid("Flag properties must use the 'flag_evaluates_to' operator");
    } else if (prop.type !== 'group') {
      throw new FiltersInvalid('Filters are not valid (group-aggregated conditions can only use group properties)');
    } else if (prop.group_type_index !== aggregation) {
      throw new FiltersInvalid("Filters are not valid (group properties must match the condition set's group type)");
    }
  }
}

/**
 * As the service stores them: every condition set carries its own `aggregation_group_type_index` (the flag's
 * when it has none), and the flag-level one is theirs when they agree, else null.
 */
function normalizeAggregation(filters: Dict, groups: Dict[]): void {
  const flagLevel = filters.aggregation_group_type_index ?? null;
  for (const group of groups) if (!('aggregation_group_type_index' in group)) group.aggregation_group_type_index = flagLevel;
  if (groups.length === 0) return;
  const first = groups[0]!.aggregation_group_type_index;
  filters.aggregation_group_type_index = groups.every((group) => group.aggregation_group_type_index === first) ? first : null;
}

function readGroups(filters: Dict, isCreate: boolean): Dict[] {
  const groups = filters.groups ?? [];
  if (isCreate && (!Array.isArray(groups) || groups.length === 0)) {
    throw new FiltersInvalid('Feature flags must have at least one condition set (group).');
  }
  if (!Array.isArray(groups) || !groups.every(isDict)) {
    throw new FiltersInvalid('Filters are not valid (groups must be a list of condition sets)');
  }
  return groups;
}

function readProperties(group: Dict): Prop[] {
  const properties = group.properties ?? [];
  if (!Array.isArray(properties) || !properties.every(isDict)) {
    throw new FiltersInvalid('Filters are not valid (properties must be a list of property filters)');
  }
  return properties.map((prop) => ({
    key: prop.key,
    value: prop.value,
    operator: typeof prop.operator === 'string' ? prop.operator : 'exact',
    type: typeof prop.type === 'string' ? prop.type : 'event',
    group_type_index: prop.group_type_index ?? null,
  }));
}

function checkVariants(filters: Dict): Set<string> {
  const multivariate = filters.multivariate;
  const variants = isDict(multivariate) && Array.isArray(multivariate.variants) ? multivariate.variants : [];
  if (!variants.every(isDict)) throw new FiltersInvalid('Invalid variant definitions: each variant must be an object.');
  if (variants.length > 0) {
    const sum = variants.reduce<number>((total, variant) => total + toPercentage(variant.rollout_percentage ?? 0), 0);
    if (sum !== 100) {
      throw new FiltersInvalid('Invalid variant definitions: Variant rollout percentages must sum to 100.');
    }
  }
  return new Set(variants.map((variant) => String(variant.key)));
}

function toPercentage(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new FiltersInvalid('Invalid variant definitions: Variant rollout percentages must sum to 100.');
}

/** Operators the service stores under another name. */
const OPERATOR_ALIASES: Record<string, string> = { min: 'gte', max: 'lte' };

function checkCondition(group: Dict, variantKeys: Set<string>, ctx: FiltersContext): void {
  // The type checks already made `variant` a string or null.
  if (typeof group.variant === 'string' && group.variant !== '' && !variantKeys.has(group.variant)) {
    throw new FiltersInvalid('Filters are not valid (variant override does not exist)');
  }
  const stored = Array.isArray(group.properties) ? (group.properties as Dict[]) : [];
  for (const raw of stored) normalizeProperty(raw);
  for (const prop of readProperties(group)) checkProperty(prop, ctx);
}

/** Aliased operators are saved under their own name; a flag dependency's integer id is saved as a string (other references as sent). */
function normalizeProperty(prop: Dict): void {
  if (typeof prop.operator === 'string' && prop.operator in OPERATOR_ALIASES) prop.operator = OPERATOR_ALIASES[prop.operator];
  if (prop.type === 'flag' && Number.isInteger(prop.key)) prop.key = String(prop.key);
}

function checkProperty(prop: Prop, ctx: FiltersContext): void {
  const refused = operatorError(prop.operator);
  if (refused) throw new FiltersInvalid(refused[1], refused[0]);
  if (Array.isArray(prop.value) && prop.value.length > MAX_PROPERTY_VALUES) {
    throw new FiltersInvalid(`Property group expressions of type ${pythonStr(prop.key)} cannot contain more than ${MAX_PROPERTY_VALUES} values.`);
  }
  if (prop.type === 'cohort') checkCohort(prop.value, ctx);
  if (['is_date_before', 'is_date_after', 'is_date_exact'].includes(prop.operator) && !parseConditionDate(prop.value)) {
    throw new FiltersInvalid(`Invalid date value: ${pythonStr(prop.value)}`, 'invalid_date');
  }
  if (STRING_VALUE_OPERATORS.has(prop.operator) && typeof prop.value !== 'string') {
    throw new FiltersInvalid(`Invalid value for operator ${prop.operator}: ${pythonStr(prop.value)}`, 'invalid_value');
  }
  if ((prop.operator === 'in' || prop.operator === 'not_in') && prop.type !== 'cohort') {
    throw new FiltersInvalid(`The '${prop.operator}' operator is only valid for cohort properties, not '${prop.type}' properties.`, 'invalid_operator');
  }
  const semverError = isSemverOperator(prop.operator) ? semverValueError(prop.operator, prop.value) : null;
  if (semverError) throw new FiltersInvalid(semverError, 'invalid_value');
  if ((prop.operator === 'icontains_multi' || prop.operator === 'not_icontains_multi') && !Array.isArray(prop.value)) {
    throw new FiltersInvalid(`${prop.operator} operator requires a list of values`, 'invalid_value');
  }
}

function checkCohort(value: unknown, ctx: FiltersContext): void {
  const id = toInteger(value);
  if (id === null || !ctx.cohortIds.includes(id)) {
    throw new FiltersInvalid(`Cohort with id ${pythonStr(value)} does not exist`, 'cohort_does_not_exist');
  }
  for (const cohort of cohortWithDependencies(id, ctx.cohorts ?? [])) {
    // A static cohort's membership is fixed: filters it keeps from its making are never evaluated.
    if (cohort.is_static) continue;
    const behavioural = collectProperties(cohort.filters).filter((prop) => prop.type === 'behavioral');
    if (behavioural.length > 0) {
      throw new FiltersInvalid(
        `Cohort '${cohort.name}' has an event-based condition${describeBehavioural(behavioural)} and cannot be used in feature flags.`,
        'behavioral_cohort_found',
      );
    }
  }
}

/** Value names the service parses behavioural conditions into. */
const BEHAVIOURAL_VALUES: Record<string, string> = { performed_event_multiple_times: 'performed_event_multiple' };

/** ` on '$pageview' (performed_event)`, or `... and N others` when several distinct conditions are behavioural. */
function describeBehavioural(props: Dict[]): string {
  const seen = new Set<string>();
  const descriptions: string[] = [];
  for (const prop of props) {
    const value = typeof prop.value === 'string' ? (BEHAVIOURAL_VALUES[prop.value] ?? prop.value) : pythonStr(prop.value);
    const description = `'${pythonStr(prop.key)}' (${value})`;
    if (seen.has(description)) continue;
    seen.add(description);
    descriptions.push(description);
  }
  if (descriptions.length === 0) return '';
  const others = descriptions.length - 1;
  return ` on ${descriptions[0]}${others > 0 ? ` and ${others} other${others === 1 ? '' : 's'}` : ''}`;
}

/** The cohort and every cohort it refers to through `type: cohort` properties, each once; static cohorts end the walk. */
function cohortWithDependencies(id: number, cohorts: CohortRef[]): CohortRef[] {
  const found = new Map<number, CohortRef>();
  const visit = (cohortId: number): void => {
    const cohort = cohorts.find((candidate) => candidate.id === cohortId);
    if (!cohort || found.has(cohortId)) return;
    found.set(cohortId, cohort);
    if (cohort.is_static) return;
    for (const prop of collectProperties(cohort.filters)) {
      const nested = prop.type === 'cohort' ? toInteger(prop.value) : null;
      if (nested !== null) visit(nested);
    }
  };
  visit(id);
  return [...found.values()];
}

/** Leaf property filters of a cohort's nested `{properties: {type, values: [...]}}` groups. */
function collectProperties(node: unknown): Dict[] {
  if (Array.isArray(node)) return node.flatMap(collectProperties);
  if (!isDict(node)) return [];
  if (Array.isArray(node.values)) return node.values.flatMap(collectProperties);
  if (node.properties !== undefined) return collectProperties(node.properties);
  return typeof node.key === 'string' || typeof node.type === 'string' ? [node] : [];
}

/** Python's `int(value)` for ids: integers and integer strings. */
function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return null;
}

/** Resolves the flag ids referenced by flag-type properties to keys, refusing bad references; a falsy reference is skipped, as there. */
function dependencyKeys(filters: Dict, ctx: FiltersContext): Set<string> {
  const keys = new Set<string>();
  for (const prop of flagConditions(filters)) {
    if (pythonTruthy(prop.key)) keys.add(resolveFlagReference(prop.key, ctx).key);
  }
  return keys;
}

/** The service reads a reference with Python's `int()`: `5.5`, `true` and `" 5 "` name flags 5, 1 and 5. */
function resolveFlagReference(reference: unknown, ctx: FiltersContext): FlagRef {
  const id = pythonInt(reference);
  if (id === null) {
    throw new FiltersInvalid(`Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: '${pythonStr(reference)}'`);
  }
  const flag = ctx.projectFlags.find((candidate) => String(candidate.id) === id && !candidate.deleted);
  if (!flag) throw new FiltersInvalid(`Flag dependency references non-existent flag with ID ${id}`);
  if (!flag.active) {
    throw new FiltersInvalid(`Cannot create dependency on disabled flag '${flag.key}' (ID: ${id}). Flag dependencies must reference active flags only.`);
  }
  return flag;
}

function checkFlagDependencies(filters: Dict, ctx: FiltersContext): void {
  if (!ctx.flagKey) return;
  const dependencies = dependencyKeys(filters, ctx);
  if (dependencies.has(ctx.flagKey)) throw new FiltersInvalid(`Feature flag '${ctx.flagKey}' cannot depend on itself`);
  for (const key of dependencies) walkDependencies(key, [ctx.flagKey], ctx);
}

/** Depth-first walk over stored flags; a key met again on the current path is a cycle. */
function walkDependencies(key: string, path: string[], ctx: FiltersContext): void {
  const seenAt = path.indexOf(key);
  if (seenAt >= 0) {
    throw new FiltersInvalid(`Circular dependency detected: ${[...path.slice(seenAt), key].join(' → ')}`);
  }
  const flag = ctx.projectFlags.find((candidate) => candidate.key === key && !candidate.deleted);
  if (!flag) return;
  for (const next of dependencyKeys(flag.filters ?? {}, ctx)) walkDependencies(next, [...path, key], ctx);
}

function checkPayloads(filters: Dict, variantKeys: Set<string>): Dict {
  const payloads = filters.payloads === undefined ? {} : filters.payloads;
  if (!isDict(payloads)) throw new FiltersInvalid('Payloads must be passed as a dictionary');
  // A string must already be JSON; any other JSON value is stored as its JSON text, as the UI sends it.
  for (const [key, value] of Object.entries(payloads)) {
    if (typeof value !== 'string') payloads[key] = pythonJsonDumps(value);
    else if (!isJson(value)) throw new FiltersInvalid('Payload value is not valid JSON');
  }
  const keys = Object.keys(payloads);
  if (pythonTruthy(filters.multivariate)) {
    if (!keys.every((key) => variantKeys.has(key))) {
      throw new FiltersInvalid('Payload keys must match a variant key for multivariate flags');
    }
  } else if (keys.length > 1 || keys.some((key) => key !== 'true')) {
    throw new FiltersInvalid("Payload keys must be 'true' for boolean flags");
  }
  return payloads;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
