import { validationError } from '../http/errors.ts';
import { matchCohortProperty } from './cohorts.ts';
import { matchPropertyFilter } from './properties.ts';
import { matchSemver } from './semver.ts';
import type { Cohort, Person, PropertyFilter } from './types.ts';

/** The service answers `affected`/`total` (its `BlastRadiusResult`); `users_affected`/`total_users` are its older names. */
export interface BlastRadius {
  affected: number;
  total: number;
  users_affected: number;
  total_users: number;
}

const result = (affected: number, total: number): BlastRadius => ({ affected, total, users_affected: affected, total_users: total });

/** A group of the project: its key and properties. */
export interface GroupRecord {
  key: string;
  properties: Record<string, unknown>;
}

export interface BlastRadiusData {
  persons: Person[];
  /** The groups of the requested group type (only read when a group type index is given). */
  groups: GroupRecord[];
  cohorts: Cohort[];
}

/**
 * How many persons (or, with a group type index, groups of that type) a condition's properties select, out of
 * all of them. Like the service, the rollout percentage is ignored (the UI applies it).
 */
export function blastRadius(condition: unknown, groupTypeIndex: number | null, data: BlastRadiusData): BlastRadius {
  const properties = conditionProperties(condition);
  if (groupTypeIndex !== null) return groupBlastRadius(properties, groupTypeIndex, data.groups);
  const affected = data.persons.filter((person) => properties.every((filter) => personMatches(filter, person, data.cohorts)));
  return result(affected.length, data.persons.length);
}

/** The condition's properties, without flag dependencies: they cannot be sized, so they select everyone. */
function conditionProperties(condition: unknown): PropertyFilter[] {
  if (typeof condition !== 'object' || condition === null) return [];
  const properties = (condition as { properties?: unknown }).properties;
  return Array.isArray(properties) ? (properties as PropertyFilter[]).filter((property) => property?.type !== 'flag') : [];
}

function personMatches(filter: PropertyFilter, person: Person, cohorts: Cohort[]): boolean {
  if (filter.type === 'cohort') {
    return matchCohortProperty(filter, { distinctId: person.distinct_id, properties: person.properties, cohorts, matchFlagProperty: () => false });
  }
  // `distinct_id` is not a person property but the person's id (the service joins it in).
  const properties = filter.key === 'distinct_id' ? { ...person.properties, distinct_id: person.distinct_id } : person.properties;
  return sizedMatch(filter, properties);
}

/** Property matching for sizing: as flag matching, plus semver ranges (which the sizing query evaluates). */
function sizedMatch(filter: PropertyFilter, properties: Record<string, unknown>): boolean {
  const operator = typeof filter.operator === 'string' ? filter.operator : 'exact';
  if (!operator.startsWith('semver_')) return matchPropertyFilter(filter, properties);
  const key = String(filter.key);
  return Object.hasOwn(properties, key) && matchSemver(operator, filter.value, properties[key]);
}

const GROUP_KEY = '$group_key';
const GROUP_KEY_OPERATORS = ['exact', 'is_not', 'in', 'not_in', 'icontains', 'not_icontains', 'regex', 'not_regex'];
const SINGLE_VALUE_OPERATORS = new Set(['icontains', 'not_icontains', 'regex', 'not_regex']);

/** Every property must be a group property of that type (`$group_key` names the group's own key). */
function groupBlastRadius(properties: PropertyFilter[], groupTypeIndex: number, groups: GroupRecord[]): BlastRadius {
  for (const property of properties) {
    if (property.key !== GROUP_KEY && property.group_type_index !== groupTypeIndex) {
      throw validationError('Invalid group type index for feature flag condition.', null);
    }
  }
  properties.filter((property) => property.key === GROUP_KEY).forEach(checkGroupKeyFilter);
  const affected = groups.filter((group) => properties.every((property) => groupMatches(property, group)));
  return result(affected.length, groups.length);
}

function checkGroupKeyFilter(property: PropertyFilter): void {
  const operator = typeof property.operator === 'string' ? property.operator : 'exact';
  if (!GROUP_KEY_OPERATORS.includes(operator)) {
    throw validationError(`Operator '${operator}' is not supported for $group_key property. Supported operators: ${GROUP_KEY_OPERATORS.join(', ')}`, null);
  }
  if (SINGLE_VALUE_OPERATORS.has(operator) && Array.isArray(property.value)) {
    throw validationError(`Operator '${operator}' does not support list values for $group_key property. Use a single value instead.`, null);
  }
}

function groupMatches(property: PropertyFilter, group: GroupRecord): boolean {
  if (property.key !== GROUP_KEY) return sizedMatch(property, group.properties);
  const operator = typeof property.operator === 'string' ? property.operator : 'exact';
  const values = (Array.isArray(property.value) ? property.value : [property.value]).map(String);
  const text = String(property.value);
  switch (operator) {
    case 'exact':
    case 'in':
      return values.includes(group.key);
    case 'is_not':
    case 'not_in':
      return !values.includes(group.key);
    case 'icontains':
      return group.key.toLowerCase().includes(text.toLowerCase());
    case 'not_icontains':
      return !group.key.toLowerCase().includes(text.toLowerCase());
    default:
      return matchPropertyFilter({ key: GROUP_KEY, operator, value: text }, { [GROUP_KEY]: group.key });
  }
}
