import { permissionDenied } from '../http/errors.ts';
import { paginate, paginateArray } from '../http/pagination.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { logActivity } from '../storage/activity.ts';
import {
  allFlags,
  countListedFlags,
  getFlagByKey,
  hardDeleteFlag,
  insertFlag,
  pageListedFlags,
  updateFlag,
  type FlagFields,
  type FlagRow,
} from '../storage/flags.ts';
import { getDashboard, insertDashboard, projectCohorts } from '../storage/people.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { flagBody } from '../serializers/flags.ts';
import { requireObject } from '../validation/fields.ts';
import { validationError } from '../http/errors.ts';
import { linkedInReplaySettings } from '../serializers/flags.ts';
import { validateFlagInput } from '../validation/flag-input.ts';
import { checkEditConflict } from '../validation/edit-conflict.ts';
import { checkFlagTransition } from '../validation/flag-state.ts';
import { approvalGate } from '../approvals/gate.ts';
import { CREATE_ACTIONS, UPDATE_ACTIONS } from '../approvals/flag-actions.ts';
import { flagOf, projectOf } from './common.ts';
import { listFilter, listOrder } from './flag-list-query.ts';

/** CRUD of `/api/projects/{project_id}/feature_flags/` (scope `feature_flag:read` / `feature_flag:write`). */

function list(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const filter = listFilter(ctx);
  const order = listOrder(ctx);
  if (filter || order) {
    const flags = allFlags(ctx.store, project.id).filter(filter ?? ((flag) => !flag.archived));
    if (order) flags.sort(order);
    return ok(
      paginateArray(
        ctx.req,
        flags.map((flag) => flagBody(flag, ctx.users)),
      ),
    );
  }
  return ok(
    paginate(ctx.req, countListedFlags(ctx.store, project.id), (limit, offset) =>
      pageListedFlags(ctx.store, project.id, limit, offset).map((flag) => flagBody(flag, ctx.users)),
    ),
  );
}

export function inputContext(ctx: RouteContext, project: ProjectRow, existing?: FlagRow) {
  return {
    existing,
    projectFlags: allFlags(ctx.store, project.id, true),
    cohorts: projectCohorts(ctx.store, project.id),
    dashboardExists: (id: number) => getDashboard(ctx.store, project.id, id) !== undefined,
  };
}

/** The (project, key) constraint covers deleted rows: a soft-deleted flag holding the key is removed to free it. */
function freeKeyHeldByDeletedFlag(ctx: RouteContext, projectId: number, key: string): void {
  const holder = getFlagByKey(ctx.store, projectId, key);
  if (holder?.deleted) hardDeleteFlag(ctx.store, holder.id);
}

function create(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:write');
  const body = requireObject(ctx.req.body());
  const input = validateFlagInput(body, inputContext(ctx, project));
  // A new flag is version 1 whatever the body says.
  delete input.version;
  approvalGate(ctx, { project, flag: undefined, change: input, method: 'POST', actions: CREATE_ACTIONS });
  // Like the real service, a new flag gets its usage dashboard straight away, unless the write-only
  // `_should_create_usage_dashboard` says not to.
  const flag = saveNewFlag(ctx, project, input, ctx.caller.user.id, body._should_create_usage_dashboard !== false);
  return ok(flagBody(flag, ctx.users), 201);
}

/** A validated, ungated create, made as `userId`: the caller, or the requester of an approved change request. */
export function saveNewFlag(ctx: RouteContext, project: ProjectRow, input: Record<string, unknown>, userId: number, usageDashboard: boolean): FlagRow {
  const key = input.key as string;
  freeKeyHeldByDeletedFlag(ctx, project.id, key);
  const fields: FlagFields = {
    key,
    name: '',
    // A flag created without filters is stored with no condition set (it matches nobody), as the service stores it.
    filters: { groups: [] },
    deleted: false,
    active: true,
    ensure_experience_continuity: false,
    rollback_conditions: null,
    performed_rollback: false,
    tags: [],
    analytics_dashboards: [],
    has_enriched_analytics: false,
    usage_dashboard: null,
    last_modified_by: userId,
    ...(input as Partial<FlagFields>),
  };
  if (usageDashboard) fields.usage_dashboard = insertDashboard(ctx.store, project.id, `Generated Dashboard: ${key} Usage`, userId);
  const flag = insertFlag(ctx.store, project.id, userId, fields);
  logFlagActivity(ctx, project, flag, 'created', [], userId);
  return flag;
}

function retrieve(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  return ok(flagBody(flagOf(ctx, project.id), ctx.users));
}

const UNLOGGED_FIELDS: ReadonlySet<string> = new Set(['last_modified_by', 'updated_at']);

/** The service's `changes_between`: a field first set is `created`, one cleared is `deleted`; `version` is logged too. */
export function changesBetween(before: FlagRow, after: FlagRow): Array<Record<string, unknown>> {
  const changes: Array<Record<string, unknown>> = [];
  for (const field of Object.keys(after) as Array<keyof FlagRow>) {
    if (UNLOGGED_FIELDS.has(field)) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    changes.push({ type: 'FeatureFlag', action: changeAction(before[field], after[field]), field, before: before[field], after: after[field] });
  }
  return changes;
}

function changeAction(before: unknown, after: unknown): string {
  if (before === null || before === undefined) return 'created';
  if (after === null || after === undefined) return 'deleted';
  return 'changed';
}

function update(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:write');
  const flag = flagOf(ctx, project.id);
  // `CanEditFeatureFlag`: an organization-wide "only view" restriction (auth/flag-edit-access.ts).
  if (!ctx.users.canEdit(flag)) throw permissionDenied("You don't have edit permissions for this feature flag.");
  const context = inputContext(ctx, project, flag);
  const body = requireObject(ctx.req.body());
  const input = validateFlagInput(body, context);
  // The service's approval gate wraps the serializer's update(): after validation, before everything else.
  approvalGate(ctx, { project, flag, change: input, method: 'PATCH', actions: UPDATE_ACTIONS });
  const updated = saveFlagUpdate(ctx, project, flag, input, {
    userId: ctx.caller.user.id,
    stripLegacyGroups: true,
    projectFlags: context.projectFlags,
    // Last, as in the service: the version check compares the fields as they would be written.
    checkVersion: () =>
      checkEditConflict(body, input, { flag, callerId: ctx.caller.user.id, lastEditorEmail: ctx.users.basic(flag.last_modified_by)?.email ?? null }),
  });
  return ok(flagBody(updated, ctx.users));
}

export interface FlagUpdateOptions {
  /** Who the write is made as: the caller, or the requester of an approved change request. */
  userId: number;
  /** The save drops legacy filter keys, except for a state change that sent no filters (the lifecycle actions). */
  stripLegacyGroups: boolean;
  /** The PATCH's version check; an approved change request carries no version. */
  checkVersion?: () => void;
  /** Every flag of the project, deleted ones included, when the caller has already read them. */
  projectFlags?: FlagRow[];
}

/** A validated, ungated update (`FeatureFlagSerializer.update` after the gate): the state rules, then the write. */
export function saveFlagUpdate(ctx: RouteContext, project: ProjectRow, flag: FlagRow, input: Record<string, unknown>, options: FlagUpdateOptions): FlagRow {
  checkFlagTransition(flag, input, options.projectFlags ?? allFlags(ctx.store, project.id, true));
  if (input.deleted === true && !flag.deleted && linkedInReplaySettings(project, flag.id)) {
    throw validationError('This feature flag is used in session replay settings. Please remove it from replay settings before deleting.', null);
  }
  if (options.stripLegacyGroups) stripLegacyGroups(input, flag);
  options.checkVersion?.();
  delete input.version;
  if (typeof input.key === 'string' && input.key !== flag.key) freeKeyHeldByDeletedFlag(ctx, project.id, input.key);
  const updated = updateFlag(ctx.store, flag, { ...(input as Partial<FlagFields>), last_modified_by: options.userId });
  let activity = 'updated';
  if (!flag.deleted && updated.deleted) activity = 'deleted';
  if (flag.deleted && !updated.deleted) activity = 'restored';
  logFlagActivity(ctx, project, updated, activity, changesBetween(flag, updated), options.userId);
  return updated;
}

const LEGACY_GROUP_KEYS = ['holdout_groups', 'super_groups'];

/** Every save drops the legacy `holdout_groups` / `super_groups` (no longer evaluated) from the filters, as the service does. */
function stripLegacyGroups(input: Record<string, unknown>, flag: FlagRow): void {
  const filters = (input.filters ?? flag.filters) as Record<string, unknown>;
  if (!LEGACY_GROUP_KEYS.some((key) => key in filters)) return;
  input.filters = Object.fromEntries(Object.entries(filters).filter(([key]) => !LEGACY_GROUP_KEYS.includes(key)));
}

/** Hard delete is refused: 405 with an empty body, after the scope and membership checks, without a lookup. */
function destroy(ctx: RouteContext): ApiResponse {
  projectOf(ctx, 'feature_flag:write');
  return { status: 405 };
}

export function logFlagActivity(
  ctx: RouteContext,
  project: ProjectRow,
  flag: FlagRow,
  activity: string,
  changes: Array<Record<string, unknown>> | null,
  userId = ctx.caller.user.id,
): void {
  logActivity(ctx.store, {
    organizationId: project.organization_id,
    projectId: project.id,
    scope: 'FeatureFlag',
    itemId: String(flag.id),
    activity,
    userId,
    detail: { changes, trigger: null, type: null, name: flag.key, short_id: null },
  });
}

export const flagRoutes: Route[] = [
  { method: 'GET', path: '/api/projects/:project/feature_flags', handler: list },
  { method: 'POST', path: '/api/projects/:project/feature_flags', handler: create },
  { method: 'GET', path: '/api/projects/:project/feature_flags/:id', handler: retrieve },
  { method: 'PATCH', path: '/api/projects/:project/feature_flags/:id', handler: update },
  { method: 'DELETE', path: '/api/projects/:project/feature_flags/:id', handler: destroy },
];
