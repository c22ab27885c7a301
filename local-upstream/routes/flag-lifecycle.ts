import { ApiError, permissionDenied, validationError } from '../http/errors.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { allFlags, updateFlag, type FlagFields, type FlagRow } from '../storage/flags.ts';
import { flagBody } from '../serializers/flags.ts';
import { checkFlagTransition } from '../validation/flag-state.ts';
import { approvalGate } from '../approvals/gate.ts';
import { UPDATE_ACTIONS } from '../approvals/flag-actions.ts';
import { flagOf, projectOf } from './common.ts';
import { changesBetween, logFlagActivity } from './flags.ts';

/**
 * `POST .../feature_flags/{id}/enable/`, `disable/`, `archive/` and `unarchive/` (scope `feature_flag:write`): each
 * changes only the flag's state and ignores the request body, so a stale client cannot overwrite targeting through
 * them. A call that changes nothing writes nothing (same `version`, no activity entry). They answer the flag record.
 */

type StateChange = Partial<Pick<FlagRow, 'active' | 'archived'>>;

function enable(flag: FlagRow): StateChange {
  if (flag.archived) throw validationError('Cannot enable an archived feature flag. Unarchive it first.', null);
  return { active: true };
}

const disable = (): StateChange => ({ active: false });

/** An archived flag is disabled too: archiving an enabled flag switches it off in the same write. */
const archive = (): StateChange => ({ active: false, archived: true });

/** Unarchiving leaves the flag disabled. */
const unarchive = (): StateChange => ({ archived: false });

/** The fields of `change` that differ from the stored flag. */
function effectiveChange(flag: FlagRow, change: StateChange): StateChange {
  return Object.fromEntries(Object.entries(change).filter(([field, value]) => flag[field as keyof StateChange] !== value));
}

/**
 * A soft-deleted flag is refused before its state is looked at, in the ad-hoc `{success, error}` body of the service's
 * flag actions: evaluation never serves a deleted flag, so a state change on one would report a success that changes nothing.
 */
function refuseDeleted(flag: FlagRow, doing: string): void {
  if (flag.deleted) throw new ApiError(400, { success: false, error: `This feature flag has been deleted. Restore it before ${doing} it.` });
}

function lifecycleAction(doing: string, decide: (flag: FlagRow) => StateChange) {
  return (ctx: RouteContext): ApiResponse => {
    const { project } = projectOf(ctx, 'feature_flag:write');
    const flag = flagOf(ctx, project.id);
    if (!ctx.users.canEdit(flag)) throw permissionDenied("You don't have edit permissions for this feature flag.");
    refuseDeleted(flag, doing);
    const change = effectiveChange(flag, decide(flag));
    if (Object.keys(change).length === 0) return ok(flagBody(flag, ctx.users));
    approvalGate(ctx, { project, flag, change, method: 'PATCH', actions: UPDATE_ACTIONS, skipFilterCleanup: true });
    checkFlagTransition(flag, change, allFlags(ctx.store, project.id, true));
    const fields: Partial<FlagFields> = { ...change, last_modified_by: ctx.caller.user.id };
    const updated = updateFlag(ctx.store, flag, fields);
    logFlagActivity(ctx, project, updated, 'updated', changesBetween(flag, updated));
    return ok(flagBody(updated, ctx.users));
  };
}

const BASE = '/api/projects/:project/feature_flags/:id';
export const flagLifecycleRoutes: Route[] = [
  { method: 'POST', path: `${BASE}/enable`, handler: lifecycleAction('enabling', enable) },
  { method: 'POST', path: `${BASE}/disable`, handler: lifecycleAction('disabling', disable) },
  { method: 'POST', path: `${BASE}/archive`, handler: lifecycleAction('archiving', archive) },
  { method: 'POST', path: `${BASE}/unarchive`, handler: lifecycleAction('unarchiving', unarchive) },
];
