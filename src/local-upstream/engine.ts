import type { Cohort, EvaluationContext, EvaluationFlag, LocalEvaluationFlag } from './evaluation/index.ts';
import type { Store } from './storage/db.ts';
import { allFlags, type FlagRow } from './storage/flags.ts';
import { getPerson, projectCohorts } from './storage/people.ts';
import { groupTypeMapping } from './storage/projects.ts';
import { effectiveFilters } from './serializers/flags.ts';

/** Bridges stored rows to the evaluation engine's shapes (`evaluation/`, owned separately). */

export function evaluationFlag(flag: FlagRow): LocalEvaluationFlag {
  return {
    id: flag.id, key: flag.key, active: flag.active, deleted: flag.deleted, filters: effectiveFilters(flag.filters),
    ensure_experience_continuity: flag.ensure_experience_continuity, team_id: flag.project_id, name: flag.name, version: flag.version,
  };
}

export function projectCohortsForEvaluation(store: Store, projectId: number): Cohort[] {
  return projectCohorts(store, projectId).map(({ id, name, is_static, filters, member_distinct_ids }) => ({
    id, name, is_static, filters, member_distinct_ids,
  }));
}

/** Everything needed to evaluate a project's flags for one distinct id (stored person properties merged with overrides). */
export function evaluationSetup(store: Store, projectId: number, distinctId: string, input: {
  groups?: Record<string, string>; personProperties?: Record<string, unknown>;
}): { flags: EvaluationFlag[]; rows: FlagRow[]; ctx: EvaluationContext } {
  const rows = allFlags(store, projectId);
  const flags = rows.map(evaluationFlag);
  const person = getPerson(store, projectId, distinctId);
  return {
    rows,
    flags,
    ctx: {
      distinctId, groups: input.groups ?? {}, personProperties: { ...person?.properties, ...input.personProperties },
      groupTypeMapping: groupTypeMapping(store, projectId), cohorts: projectCohortsForEvaluation(store, projectId), flags,
    },
  };
}
