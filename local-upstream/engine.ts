import type { Cohort, EvaluationContext, EvaluationFlag, GroupPropertiesContext, LocalEvaluationFlag } from './evaluation/index.ts';
import type { Store } from './storage/db.ts';
import { allFlags, type FlagRow } from './storage/flags.ts';
import { getGroupProperties, getPerson, projectCohorts } from './storage/people.ts';
import { groupTypeMapping } from './storage/projects.ts';
import { effectiveFilters } from './serializers/flags.ts';

/** Bridges stored rows to the evaluation engine's shapes (`evaluation/`, owned separately). */

export function evaluationFlag(flag: FlagRow): LocalEvaluationFlag {
  return {
    id: flag.id,
    key: flag.key,
    active: flag.active,
    deleted: flag.deleted,
    filters: effectiveFilters(flag.filters),
    ensure_experience_continuity: flag.ensure_experience_continuity,
    team_id: flag.project_id,
    name: flag.name,
    version: flag.version,
    has_encrypted_payloads: flag.has_encrypted_payloads,
    evaluation_runtime: flag.evaluation_runtime ?? 'all',
    bucketing_identifier: flag.bucketing_identifier,
  };
}

export function projectCohortsForEvaluation(store: Store, projectId: number): Cohort[] {
  return projectCohorts(store, projectId).map(({ id, name, is_static, filters, member_distinct_ids }) => ({
    id,
    name,
    is_static,
    filters,
    member_distinct_ids,
  }));
}

/**
 * Properties of the groups passed in `groups` (type name -> key), by group type index: the stored group's
 * properties merged with any the caller sent (`overrides`, by type name, as the SDKs send them).
 */
function groupPropertiesOf(
  store: Store,
  projectId: number,
  mapping: Record<string, string>,
  groups: Record<string, string>,
  overrides: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const byIndex: Record<string, Record<string, unknown>> = {};
  for (const [index, typeName] of Object.entries(mapping)) {
    const key = groups[typeName];
    if (key === undefined) continue;
    byIndex[index] = { ...getGroupProperties(store, projectId, Number(index), key), ...overrides[typeName] };
  }
  return byIndex;
}

export interface EvaluationInput {
  groups?: Record<string, string>;
  personProperties?: Record<string, unknown>;
  groupProperties?: Record<string, Record<string, unknown>>;
}

/** Everything needed to evaluate a project's flags for one distinct id (stored properties merged with overrides). */
export function evaluationSetup(
  store: Store,
  projectId: number,
  distinctId: string,
  input: EvaluationInput,
): { flags: EvaluationFlag[]; rows: FlagRow[]; ctx: EvaluationContext & GroupPropertiesContext } {
  const rows = allFlags(store, projectId);
  const flags = rows.map(evaluationFlag);
  const person = getPerson(store, projectId, distinctId);
  const mapping = groupTypeMapping(store, projectId);
  const groups = input.groups ?? {};
  return {
    rows,
    flags,
    ctx: {
      distinctId,
      groups,
      personProperties: { ...person?.properties, ...input.personProperties },
      groupTypeMapping: mapping,
      groupProperties: groupPropertiesOf(store, projectId, mapping, groups, input.groupProperties ?? {}),
      cohorts: projectCohortsForEvaluation(store, projectId),
      flags,
    },
  };
}
