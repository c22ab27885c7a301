import { expandCohortConditions } from './cohort-expansion.ts';
import { cohortPropertyGroup } from './cohorts.ts';
import type { Cohort, EvaluationFlag, PropertyFilter } from './types.ts';

/** A flag as stored, with the extra columns the local-evaluation payload shows when the caller has them. */
export interface LocalEvaluationFlag extends EvaluationFlag {
  team_id?: number;
  name?: string;
  version?: number | null;
  has_encrypted_payloads?: boolean;
  evaluation_runtime?: string;
  bucketing_identifier?: string | null;
  evaluation_tags?: string[];
}

export interface LocalEvaluationOptions {
  teamId: number;
  groupTypeMapping: Record<string, string>;
  cohorts: Cohort[];
  /** `send_cohorts` query flag: true sends cohort definitions; false inlines a single simple cohort. */
  sendCohorts: boolean;
}

export interface LocalEvaluationPayload {
  flags: unknown[];
  group_type_mapping: Record<string, string>;
  cohorts: Record<string, unknown>;
}

/** Body of `local_evaluation` / `flags/definitions` for the given non-deleted flags (inactive ones included). */
export function localEvaluationPayload(flags: LocalEvaluationFlag[], opts: LocalEvaluationOptions): LocalEvaluationPayload {
  const visible = flags.filter((flag) => !flag.deleted);
  const keyById = new Map(visible.map((flag) => [String(flag.id), flag.key]));
  const minimal = visible.map((flag) => minimalFlag(flag, opts, keyById));
  addDependencyChains(minimal);
  return {
    flags: minimal,
    group_type_mapping: { ...opts.groupTypeMapping },
    cohorts: opts.sendCohorts ? cohortDefinitions(visible, opts.cohorts) : {},
  };
}

interface MinimalFlag {
  key: string;
  filters: Record<string, unknown>;
  [field: string]: unknown;
}

function minimalFlag(flag: LocalEvaluationFlag, opts: LocalEvaluationOptions, keyById: Map<string, string>): MinimalFlag {
  const copied = structuredClone(flag.filters ?? {});
  const filters = opts.sendCohorts ? copied : withExpandedCohort(copied, opts.cohorts);
  for (const prop of flagProperties(filters)) prop.key = keyById.get(String(prop.key)) ?? String(prop.key);
  return {
    id: flag.id,
    team_id: flag.team_id ?? opts.teamId,
    name: flag.name ?? '',
    key: flag.key,
    filters: withDefaultGroups(filters),
    deleted: flag.deleted,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    has_encrypted_payloads: flag.has_encrypted_payloads ?? false,
    version: flag.version ?? null,
    evaluation_runtime: flag.evaluation_runtime ?? 'all',
    bucketing_identifier: flag.bucketing_identifier ?? null,
    evaluation_tags: flag.evaluation_tags ?? [],
  };
}

/** `filters` with its single simple cohort expanded into person-property conditions (see cohort-expansion.ts). */
function withExpandedCohort(filters: Record<string, unknown>, cohorts: Cohort[]): Record<string, unknown> {
  if (!Array.isArray(filters.groups)) return filters;
  return { ...filters, groups: expandCohortConditions(filters.groups as Record<string, unknown>[], cohorts) };
}

/** Stored `{}` filters read as one condition for everyone (the model's `get_filters`). */
function withDefaultGroups(filters: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(filters).length > 0) return filters;
  return { groups: [{ properties: [], rollout_percentage: null }] };
}

function conditionProperties(filters: Record<string, unknown>): PropertyFilter[] {
  const groups = Array.isArray(filters.groups) ? filters.groups : [];
  return (groups as Array<{ properties?: unknown } | null>).flatMap((group): PropertyFilter[] =>
    Array.isArray(group?.properties) ? (group.properties as PropertyFilter[]) : [],
  );
}

function flagProperties(filters: Record<string, unknown>): PropertyFilter[] {
  return conditionProperties(filters).filter((prop) => prop.type === 'flag');
}

/**
 * Adds `dependency_chain` to every flag property: the dependencies of the target in evaluation order,
 * ending with the target; empty when the chain has a cycle or a missing flag.
 */
function addDependencyChains(flags: MinimalFlag[]): void {
  const byKey = new Map(flags.map((flag) => [flag.key, flag]));
  for (const flag of flags) {
    for (const prop of flagProperties(flag.filters)) prop.dependency_chain = dependencyChain(String(prop.key), byKey);
  }
}

function dependencyChain(target: string, byKey: Map<string, MinimalFlag>): string[] {
  const chain: string[] = [];
  const done = new Set<string>();
  const visit = (key: string, onPath: Set<string>): boolean => {
    if (onPath.has(key)) return false;
    if (done.has(key)) return true;
    const flag = byKey.get(key);
    if (!flag) return false;
    const path = new Set([...onPath, key]);
    for (const prop of flagProperties(flag.filters)) {
      const dependency = String(prop.key);
      if (dependency !== key && !visit(dependency, path)) return false;
    }
    done.add(key);
    chain.push(key);
    return true;
  };
  return visit(target, new Set()) ? chain : [];
}

/** Definitions of every dynamic cohort the flags use, with the cohorts those refer to. Static ones are left out. */
function cohortDefinitions(flags: LocalEvaluationFlag[], cohorts: Cohort[]): Record<string, unknown> {
  const definitions: Record<string, unknown> = {};
  const add = (id: number): void => {
    const cohort = cohorts.find((candidate) => candidate.id === id);
    if (!cohort || cohort.is_static || String(id) in definitions) return;
    const group = cohortPropertyGroup(cohort);
    definitions[String(id)] = group;
    for (const nested of cohortReferences(group)) add(nested);
  };
  for (const flag of flags) {
    for (const prop of conditionProperties(flag.filters ?? {})) if (prop.type === 'cohort') add(Number(prop.value));
  }
  return definitions;
}

function cohortReferences(node: unknown): number[] {
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.values)) return record.values.flatMap(cohortReferences);
  return record.type === 'cohort' ? [Number(record.value)] : [];
}
