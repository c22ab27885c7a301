import { matchPropertyFilter } from './properties.ts';
import type { Cohort, PropertyFilter } from './types.ts';

/** What cohort matching needs to know about the person being evaluated. */
export interface CohortSubject {
  distinctId: string;
  properties: Record<string, unknown>;
  cohorts: Cohort[];
  /** Resolves `type: flag` leaves inside cohort definitions. */
  matchFlagProperty: (filter: PropertyFilter) => boolean;
}

/** Membership of a cohort property (`operator: not_in` inverts it); an unknown cohort matches nobody. */
export function matchCohortProperty(filter: PropertyFilter, subject: CohortSubject): boolean {
  const inCohort = isInCohort(Number(filter.value), subject, new Set());
  return filter.operator === 'not_in' ? !inCohort : inCohort;
}

function isInCohort(cohortId: number, subject: CohortSubject, visiting: Set<number>): boolean {
  const cohort = subject.cohorts.find((candidate) => candidate.id === cohortId);
  if (!cohort || visiting.has(cohortId)) return false;
  if (cohort.is_static) return cohort.member_distinct_ids.includes(subject.distinctId);
  visiting.add(cohortId);
  try {
    return matchGroup(cohortPropertyGroup(cohort), subject, visiting);
  } finally {
    visiting.delete(cohortId);
  }
}

/** The `{type, values}` tree of a dynamic cohort (what local evaluation sends as `cohorts[id]`). */
export function cohortPropertyGroup(cohort: Cohort): Record<string, unknown> {
  const properties = cohort.filters?.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
}

/** AND/OR tree; leaves may carry `negation`. An empty group matches everyone. */
function matchGroup(group: Record<string, unknown>, subject: CohortSubject, visiting: Set<number>): boolean {
  const values = Array.isArray(group.values) ? (group.values as Record<string, unknown>[]) : [];
  if (Object.keys(group).length === 0) return true;
  const isAnd = group.type !== 'OR';
  if (values.length === 0) return isAnd;
  const results = values.map((value) =>
    Array.isArray(value.values) ? matchGroup(value, subject, visiting) : matchLeaf(value, subject, visiting) !== Boolean(value.negation),
  );
  return isAnd ? results.every(Boolean) : results.some(Boolean);
}

function matchLeaf(leaf: PropertyFilter, subject: CohortSubject, visiting: Set<number>): boolean {
  if (leaf.type === 'cohort') {
    const inCohort = isInCohort(Number(leaf.value), subject, visiting);
    return leaf.operator === 'not_in' ? !inCohort : inCohort;
  }
  if (leaf.type === 'flag') return subject.matchFlagProperty(leaf);
  if (leaf.type === 'behavioral') return false;
  return matchPropertyFilter(leaf, subject.properties);
}
