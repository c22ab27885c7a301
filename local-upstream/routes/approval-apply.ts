import { ApiError } from '../http/errors.ts';
import { pythonStr } from '../python-format.ts';
import { errorDetailsText, serializerErrorsText } from '../http/validation-error-text.ts';
import type { RouteContext } from '../http/router.ts';
import type { ApplyOutcome, ChangeRequestRow } from '../storage/change-requests.ts';
import { getFlag, getFlagByKey, type FlagRow } from '../storage/flags.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { validateFlagInput } from '../validation/flag-input.ts';
import { inputContext, saveFlagUpdate, saveNewFlag } from './flags.ts';

/**
 * The service's `apply_change_request` for the flag actions, once a change request has its quorum: the stored write
 * is validated again against the flag as it is now, its version must not have moved since the request, and the write
 * is then made as the requester, without the gate (it is approved) and without a version check. A failure is
 * recorded on the request, worded as the service words it (Python's repr of its errors).
 */

/** The flag the request operates on: its id, or for a create the live flag that now has its key. */
function existingFlag(ctx: RouteContext, projectId: number, intent: Record<string, unknown>): FlagRow | undefined {
  const live = (flag: FlagRow | undefined) => (flag && !flag.deleted ? flag : undefined);
  if (typeof intent.flag_id === 'number') return live(getFlag(ctx.store, projectId, intent.flag_id));
  const key = (intent.full_request_data as Record<string, unknown> | undefined)?.key;
  return typeof key === 'string' ? live(getFlagByKey(ctx.store, projectId, key)) : undefined;
}

/** The outcome to store, and for a failure how the approve answer words it. */
type Applied = Extract<ApplyOutcome, { state: 'applied' }> | (Extract<ApplyOutcome, { state: 'failed' }> & { message: string });

/** The stored write validated again against the flag as it is now (`validate_intent`), or the failure. */
function revalidate(ctx: RouteContext, project: ProjectRow, request: ChangeRequestRow, flag: FlagRow | undefined): Record<string, unknown> | Applied {
  const data = structuredClone((request.intent.full_request_data ?? {}) as Record<string, unknown>);
  try {
    const input = validateFlagInput(data, inputContext(ctx, project, flag));
    delete input.version;
    return input;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors = serializerErrorsText(error);
    return { state: 'failed', error: `Validation failed: ${errors}`, message: `Intent no longer valid: ${errors}` };
  }
}

const isOutcome = (value: Record<string, unknown> | Applied): value is Applied => value.state === 'failed';
const appliedTo = (flag: FlagRow): Applied => ({ state: 'applied', result: { resource_id: flag.id, resource_version: flag.version } });

/** Applies an approved flag change request. */
export function applyFlagChangeRequest(ctx: RouteContext, project: ProjectRow, request: ChangeRequestRow): Applied {
  const intent = request.intent;
  const flag = existingFlag(ctx, project.id, intent);
  const userId = request.created_by ?? ctx.caller.user.id;
  if (intent.flag_id === null || intent.flag_id === undefined) {
    const input = revalidate(ctx, project, request, flag);
    if (isOutcome(input)) return input;
    // A create: the flag it made earlier, if the request was applied already; otherwise a new one.
    return appliedTo(flag ?? saveNewFlag(ctx, project, input, userId, false));
  }
  if (!flag) {
    const why = 'FeatureFlag matching query does not exist.';
    return { state: 'failed', error: why, message: `Apply failed: ${why}` };
  }
  const input = revalidate(ctx, project, request, flag);
  if (isOutcome(input)) return input;
  const expected = (intent.preconditions as { version?: unknown } | undefined)?.version;
  if (flag.version !== expected) {
    const why = `Flag version mismatch: expected ${pythonStr(expected)}, got ${flag.version}`;
    return { state: 'failed', error: `Precondition failed: ${why}`, message: why };
  }
  // Enabling an enabled flag (or disabling a disabled one) is already done.
  const target = { 'feature_flag.enable': true, 'feature_flag.disable': false }[request.action_key];
  if (target !== undefined && flag.active === target) return appliedTo(flag);
  try {
    return appliedTo(saveFlagUpdate(ctx, project, flag, input, { userId, stripLegacyGroups: intent.skip_opportunistic_filter_cleanup !== true }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const why = `Serializer save failed: ${errorDetailsText(error)}`;
    return { state: 'failed', error: why, message: `Apply failed: ${why}` };
  }
}
