import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { ApiError, plainError } from '../http/errors.ts';
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
import { getProject, type ProjectRow } from '../storage/projects.ts';
import { effectiveFilters, flagBody } from '../serializers/flags.ts';
import { validateFlagInput } from '../validation/flag-input.ts';
import { organizationOf } from './common.ts';
import { logFlagActivity } from './flags.ts';
import { isDict, pythonStr } from '../python-format.ts';

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

type CopyOutcome = { ok: true; flag: FlagRow } | { ok: false; errors: unknown };

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

function copyInto(ctx: RouteContext, source: FlagRow, sourceProject: ProjectRow, target: ProjectRow): CopyOutcome {
  const existing = getFlagByKey(ctx.store, target.id, source.key);
  const live = existing && !existing.deleted ? existing : undefined;
  const body = {
    key: source.key,
    name: source.name,
    active: source.active,
    ensure_experience_continuity: source.ensure_experience_continuity,
    evaluation_runtime: source.evaluation_runtime,
    bucketing_identifier: source.bucketing_identifier,
    is_remote_configuration: source.is_remote_configuration,
    has_encrypted_payloads: source.has_encrypted_payloads,
    // `get_filters()`, as the real copy does: a flag stored with `{}` copies as one condition for everyone.
    filters: withAggregationKeys(new CohortCopier(ctx.store, sourceProject, target, ctx.caller.user.id).remapFlagFilters(effectiveFilters(source.filters))),
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
    const { attr, detail } = error.body as { attr: string | null; detail: string };
    return { ok: false, errors: { [attr ?? 'non_field_errors']: [detail] } };
  }
  if (live) {
    const updated = updateFlag(ctx.store, live, { ...(input as Partial<FlagFields>), last_modified_by: ctx.caller.user.id });
    logFlagActivity(ctx, target, updated, 'updated', null);
    return { ok: true, flag: updated };
  }
  if (existing) hardDeleteFlag(ctx.store, existing.id);
  const fields: FlagFields = {
    key: source.key,
    name: source.name,
    filters: input.filters as Record<string, unknown>,
    deleted: false,
    active: source.active,
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
  return { ok: true, flag: created };
}

function copyFlags(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'feature_flag:write');
  const body = ctx.req.body();
  const input = isDict(body) ? body : {};
  const key = input.feature_flag_key;
  const from = input.from_project;
  const targets = input.target_project_ids;
  if (!key || !from || !Array.isArray(targets) || targets.length === 0) throw plainError(400, { error: 'Missing required fields' });
  const sourceProject = Number.isInteger(Number(from)) ? getProject(ctx.store, Number(from)) : undefined;
  const source = sourceProject?.organization_id === organization.id ? getFlagByKey(ctx.store, sourceProject.id, pythonStr(key)) : undefined;
  if (!sourceProject || !source) throw plainError(400, { error: 'Feature flag to copy does not exist.' });
  const success: unknown[] = [];
  const failed: unknown[] = [];
  for (const targetId of targets as unknown[]) {
    const target = Number.isInteger(Number(targetId)) ? getProject(ctx.store, Number(targetId)) : undefined;
    if (!target || target.organization_id !== organization.id) {
      failed.push({ project_id: targetId, error_message: 'Project not found.' });
      continue;
    }
    const outcome = copyInto(ctx, source, sourceProject, target);
    if (outcome.ok) success.push(flagBody(outcome.flag, ctx.users));
    else failed.push({ project_id: target.id, error_message: outcome.errors });
  }
  return ok({ success, failed });
}

export const orgFlagRoutes: Route[] = [
  { method: 'POST', path: '/api/organizations/:org/feature_flags/copy_flags', handler: copyFlags },
  { method: 'GET', path: '/api/organizations/:org/feature_flags/:key', handler: byKey },
];
