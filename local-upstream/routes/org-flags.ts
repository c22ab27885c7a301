import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { ApiError, plainError } from '../http/errors.ts';
import { serializerErrorsText } from '../http/validation-error-text.ts';
import { copyRequest, sourceFlag, targetProject, type CopyOptions } from './copy-flag-request.ts';
import {
  allFlags,
  getFlagByKey,
  hardDeleteFlag,
  insertFlag,
  liveFlagsByKeyInOrganization,
  updateFlag,
  type FlagFields,
  type FlagRow,
} from '../storage/flags.ts';
import { insertDashboard, projectCohorts } from '../storage/people.ts';
import { CohortCopier } from './copy-cohorts.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { effectiveFilters, flagBody } from '../serializers/flags.ts';
import { validateFlagInput } from '../validation/flag-input.ts';
import { organizationOf } from './common.ts';
import { logFlagActivity } from './flags.ts';
import { isDict } from '../python-format.ts';
import {
  dependencyGraph,
  DependencyCopyRefused,
  dependencyPlan,
  liveFlagsByKey,
  remapFlagDependencies,
  sourceDependencies,
  type DependencyGraph,
} from './copy-flag-dependencies.ts';

/**
 * Organization-level flag routes. The real service makes them session-only (`INTERNAL`); here a personal key
 * works with `feature_flag:read` (lookup by key) and `feature_flag:write` (`copy_flags`).
 */

function byKey(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'feature_flag:read');
  const flags = liveFlagsByKeyInOrganization(ctx.store, organization.id, ctx.req.params.key ?? '');
  return ok(
    flags.map((flag) => ({
      flag_id: flag.id,
      team_id: flag.project_id,
      created_by: ctx.users.basic(flag.created_by),
      filters: flagBody(flag, ctx.users).filters,
      created_at: flag.created_at,
      active: flag.active,
      // Counted from events in the service; the local upstream records none, and the count is available.
      evaluations_7d: 0,
      evaluations_7d_available: true,
    })),
  );
}

/** One flag written into a target, with what the copy could not carry (the service's keys, present only when non-empty). */
type CopyOutcome = { ok: true; flag: FlagRow; extras: Record<string, unknown> } | { ok: false; errors: string };

/** A copy refused inside one target; its writes there are undone, the other targets are kept. */
class TargetCopyFailed extends Error {
  readonly errors: string;
  constructor(errors: string) {
    super('copy failed');
    this.errors = errors;
  }
}

/**
 * The filters the service writes for a copy: its flag serializer gives every condition and the filters
 * themselves an explicit `aggregation_group_type_index` (null for person flags).
 */
function withAggregationKeys(filters: Record<string, unknown>): Record<string, unknown> {
  const index = filters.aggregation_group_type_index ?? null;
  const groups = Array.isArray(filters.groups)
    ? filters.groups.map((group: unknown) => (isDict(group) ? { aggregation_group_type_index: index, ...group } : group))
    : filters.groups;
  return { ...filters, groups, aggregation_group_type_index: index };
}

/** The warnings a copy reports: a dropped dependency also skips the flag's scheduled changes when they were asked for. */
function copyWarnings(dependencyWarnings: string[], copySchedule: boolean): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  if (copySchedule && dependencyWarnings.length > 0) {
    extras.schedule_copy_warning =
      'Flag copied but scheduled changes had dependency warnings: Skipped scheduled changes because one or more current flag dependencies could not be safely remapped.';
  }
  if (dependencyWarnings.length > 0) extras.flag_dependency_warnings = dependencyWarnings;
  return extras;
}

function copyInto(ctx: RouteContext, source: FlagRow, sourceProject: ProjectRow, target: ProjectRow, options: CopyOptions): CopyOutcome {
  const existing = getFlagByKey(ctx.store, target.id, source.key);
  const live = existing && !existing.deleted ? existing : undefined;
  // `get_filters()`, as the real copy does: a flag stored with `{}` copies as one condition for everyone.
  const filters = new CohortCopier(ctx.store, sourceProject, target, ctx.caller.user.id).remapFlagFilters(effectiveFilters(source.filters));
  const dependencyWarnings = remapFlagDependencies(filters, sourceDependencies(ctx.store, source), liveFlagsByKey(ctx.store, target.id));
  // A dropped dependency leaves its group less gated than in the source: the copy lands disabled for review.
  const active = options.disableCopiedFlag || dependencyWarnings.length > 0 ? false : source.active;
  const body = {
    key: source.key,
    name: source.name,
    active,
    ensure_experience_continuity: source.ensure_experience_continuity,
    evaluation_runtime: source.evaluation_runtime,
    bucketing_identifier: source.bucketing_identifier,
    is_remote_configuration: source.is_remote_configuration,
    has_encrypted_payloads: source.has_encrypted_payloads,
    filters: withAggregationKeys(filters),
  };
  let input: Record<string, unknown>;
  try {
    input = validateFlagInput(body, {
      existing: live,
      projectFlags: allFlags(ctx.store, target.id, true),
      cohorts: projectCohorts(ctx.store, target.id),
      dashboardExists: () => false,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The service answers `str()` of the serializer's ValidationError for the target.
    return { ok: false, errors: serializerErrorsText(error) };
  }
  const extras = copyWarnings(dependencyWarnings, options.copySchedule);
  if (live) {
    const updated = updateFlag(ctx.store, live, { ...(input as Partial<FlagFields>), last_modified_by: ctx.caller.user.id });
    logFlagActivity(ctx, target, updated, 'updated', null);
    return { ok: true, flag: updated, extras };
  }
  if (existing) hardDeleteFlag(ctx.store, existing.id);
  const fields: FlagFields = {
    key: source.key,
    name: source.name,
    filters: input.filters as Record<string, unknown>,
    deleted: false,
    active,
    ensure_experience_continuity: source.ensure_experience_continuity,
    rollback_conditions: null,
    performed_rollback: false,
    tags: source.tags,
    analytics_dashboards: [],
    has_enriched_analytics: false,
    evaluation_runtime: source.evaluation_runtime,
    bucketing_identifier: source.bucketing_identifier,
    is_remote_configuration: source.is_remote_configuration,
    has_encrypted_payloads: source.has_encrypted_payloads,
    last_modified_by: ctx.caller.user.id,
    usage_dashboard: insertDashboard(ctx.store, target.id, `Generated Dashboard: ${source.key} Usage`, ctx.caller.user.id),
  };
  const created = insertFlag(ctx.store, target.id, ctx.caller.user.id, fields);
  logFlagActivity(ctx, target, created, 'created', null);
  return { ok: true, flag: created, extras };
}

/**
 * With `copy_dependencies`, the dependencies the target lacks are created first, each after its own, never over a
 * flag of the target; their warnings are reported on the copied flag. A refused dependency fails the whole target.
 */
function copyDependencies(ctx: RouteContext, graph: DependencyGraph, sourceProject: ProjectRow, target: ProjectRow, options: CopyOptions) {
  const toCopy = dependencyPlan(graph, liveFlagsByKey(ctx.store, target.id)).copy;
  const copied: string[] = [];
  const warnings: string[] = [];
  for (const dependency of graph.flags.filter((flag) => toCopy.has(flag.key))) {
    const outcome = copyInto(ctx, dependency, sourceProject, target, { ...options, disableCopiedFlag: false });
    if (!outcome.ok) throw new TargetCopyFailed(outcome.errors);
    copied.push(dependency.key);
    warnings.push(...((outcome.extras.flag_dependency_warnings as string[] | undefined) ?? []));
    if (outcome.extras.schedule_copy_warning) warnings.push(outcome.extras.schedule_copy_warning as string);
  }
  return { copied, warnings };
}

/** Copies the flag (and the dependencies asked for) into one target, all or nothing. */
function copyToTarget(ctx: RouteContext, source: FlagRow, sourceProject: ProjectRow, target: ProjectRow, graph: DependencyGraph, options: CopyOptions) {
  return ctx.store.atomically(() => {
    const dependencies = copyDependencies(ctx, graph, sourceProject, target, options);
    const outcome = copyInto(ctx, source, sourceProject, target, options);
    if (!outcome.ok) throw new TargetCopyFailed(outcome.errors);
    const result: Record<string, unknown> = { ...flagBody(outcome.flag, ctx.users), team_id: target.id, ...outcome.extras };
    if (dependencies.copied.length > 0) result.copied_dependency_keys = dependencies.copied;
    if (dependencies.warnings.length > 0) result.dependency_copy_warnings = dependencies.warnings;
    return result;
  });
}

function resolveGraph(ctx: RouteContext, source: FlagRow, options: CopyOptions): DependencyGraph {
  if (!options.copyDependencies) return { flags: [], roots: [], edges: new Map() };
  try {
    return dependencyGraph(ctx.store, source);
  } catch (error) {
    if (error instanceof DependencyCopyRefused) throw plainError(400, { error: error.message });
    throw error;
  }
}

function copyFlags(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'feature_flag:write');
  const request = copyRequest(ctx.req.body());
  const { flag: source, project: sourceProject } = sourceFlag(ctx, organization.id, request);
  const graph = resolveGraph(ctx, source, request);
  const success: unknown[] = [];
  const failed: unknown[] = [];
  for (const targetId of request.targets) {
    const target = targetProject(ctx, organization.id, targetId);
    if (!target) {
      failed.push({ project_id: targetId, error_message: 'Project not found.' });
      continue;
    }
    try {
      success.push(copyToTarget(ctx, source, sourceProject, target, graph, request));
    } catch (error) {
      if (!(error instanceof TargetCopyFailed)) throw error;
      failed.push({ project_id: target.id, error_message: error.errors });
    }
  }
  return ok({ success, failed });
}

export const orgFlagRoutes: Route[] = [
  { method: 'POST', path: '/api/organizations/:org/feature_flags/copy_flags', handler: copyFlags },
  { method: 'GET', path: '/api/organizations/:org/feature_flags/:key', handler: byKey },
];
