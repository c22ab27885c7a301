import { matchCohortProperty } from './cohorts.ts';
import { matchPropertyFilter } from './properties.ts';
import type { Cohort, Person, PropertyFilter } from './types.ts';

export interface BlastRadius {
  users_affected: number;
  total_users: number;
}

/**
 * How many persons a condition's properties select, out of all persons. Like the real service, the rollout
 * percentage is ignored (the UI applies it). Group-aggregated conditions count groups, which the local
 * upstream does not store, so they report 0 of 0.
 */
export function blastRadius(condition: unknown, groupTypeIndex: number | null, persons: Person[], ctx: { cohorts?: Cohort[] }): BlastRadius {
  if (groupTypeIndex !== null) return { users_affected: 0, total_users: 0 };
  const properties = conditionProperties(condition);
  const affected = persons.filter((person) => properties.every((filter) => personMatches(filter, person, ctx.cohorts ?? [])));
  return { users_affected: affected.length, total_users: persons.length };
}

function conditionProperties(condition: unknown): PropertyFilter[] {
  if (typeof condition !== 'object' || condition === null) return [];
  const properties = (condition as { properties?: unknown }).properties;
  return Array.isArray(properties) ? (properties as PropertyFilter[]) : [];
}

function personMatches(filter: PropertyFilter, person: Person, cohorts: Cohort[]): boolean {
  if (filter.type === 'cohort') {
    return matchCohortProperty(filter, {
      distinctId: person.distinct_id,
      properties: person.properties,
      cohorts,
      matchFlagProperty: () => false,
    });
  }
  return matchPropertyFilter(filter, person.properties);
}
