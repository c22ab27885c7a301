import { isDict } from '../python-format.ts';

/**
 * The conditions of flag filters that name another flag (`type: flag`, the flag's id in `key`): the walk the
 * dependency rules share (validation/filters.ts, validation/flag-state.ts, routes/copy-flag-dependencies.ts);
 * each reads the references its own way, as the service's code paths do. Groups and properties that are not
 * objects hold no condition.
 */

type Dict = Record<string, unknown>;

/** The filters' condition sets. */
export function conditionGroups(filters: Dict): Dict[] {
  return Array.isArray(filters.groups) ? filters.groups.filter(isDict) : [];
}

/** A condition set's properties. */
export function groupProperties(group: Dict): Dict[] {
  return Array.isArray(group.properties) ? group.properties.filter(isDict) : [];
}

/** Every condition on another flag, in order. */
export function flagConditions(filters: Dict): Dict[] {
  return conditionGroups(filters).flatMap((group) => groupProperties(group).filter((prop) => prop.type === 'flag'));
}
