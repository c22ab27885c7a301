// Flag mutations (docs/architecture.md, "Mutations"). Upstream validation errors become
// userErrors (errors.ts `mutate`); a write's answer is remembered by the flag loader. A flag is
// removed only by PATCH `deleted: true` (the upstream client has no flag DELETE at all).
import type { GatewayContext } from '../../context.ts';
import { mutate, type UserError } from '../../errors.ts';
import type { CreateFeatureFlagInput, FeatureFlagReferenceInput, MutationResolvers, UpdateFeatureFlagInput } from '../../generated/resolvers-types.ts';
import { parseIntId, parseUuidId } from '../../relay/global-id.ts';
import {
  changeFeatureFlagState,
  copyFeatureFlags as copy,
  createFeatureFlag as create,
  createFlagDashboard,
  createStaticCohortForFlag,
  enrichFlagUsageDashboard,
  updateFeatureFlag as update,
  type CopyFlagsBody,
  type CopyFlagsSuccessRecord,
  type FeatureFlagWrite,
  type FlagLifecycleAction,
  type FlagRef,
  type ProjectFlag,
  type ProjectFlagCopy,
} from '../../upstream-client/endpoints/feature-flag.ts';
import { flagGlobalId } from '../feature-flag.ts';
import { expectedVersionRefusal, isVersionConflict, withExpectedVersion } from '../support/flag-edits.ts';
import { copyRefusal, flagRefusal } from '../support/flag-refusals.ts';
import { parseFlagRef } from '../support/ids.ts';
import { toUpstreamBody } from '../support/input.ts';

type FlagInput = Omit<CreateFeatureFlagInput, 'projectId' | 'key'> & { key?: string | null };

export const createFeatureFlag: MutationResolvers['createFeatureFlag'] = async (_parent, { input }, ctx) => {
  const projectId = parseIntId('Project', input.projectId);
  const conflict = descriptionConflict(input);
  if (conflict) return { featureFlag: null, userErrors: [conflict] };
  const { result, userErrors } = await mutate(() => create(ctx.client, projectId, flagWriteBody(input)), { fieldNames: nameField(input) });
  return { featureFlag: result && ctx.loaders.featureFlag.remember(projectId, result), userErrors: userErrors.map(flagRefusal) };
};

/**
 * With `expectedVersion`, the upstream refuses a stale edit in the same write; `active: false` on a flag enabled flags
 * depend on is DEPENDENT_FLAGS_ACTIVE, as from `disableFeatureFlag` (support/flag-refusals.ts).
 */
export const updateFeatureFlag: MutationResolvers['updateFeatureFlag'] = async (_parent, { input }, ctx) => {
  const ref = parseFlagRef(input.id, input.projectId);
  const { expectedVersion, ...fields } = input;
  const refusal = descriptionConflict(input) ?? expectedVersionRefusal(expectedVersion);
  if (refusal) return { featureFlag: null, userErrors: [refusal] };
  const body = withExpectedVersion(flagWriteBody(fields), expectedVersion);
  const { result, userErrors } = await mutate(() => update(ctx.client, ref.projectId, ref.id, body), { fieldNames: nameField(input) });
  if (result) return { featureFlag: ctx.loaders.featureFlag.remember(ref.projectId, result), userErrors };
  const refusals = userErrors.map(flagRefusal);
  return { featureFlag: null, userErrors: expectedVersion == null ? refusals : await withCurrentVersion(ctx, ref, refusals) };
};

/** One call to the flag's state endpoint, never a PATCH: a refusal is a userError and costs nothing more. */
function stateChange(action: FlagLifecycleAction) {
  return async (_parent: unknown, { input }: { input: FeatureFlagReferenceInput }, ctx: GatewayContext) => {
    const ref = parseFlagRef(input.id, input.projectId);
    const { result, userErrors } = await mutate(() => changeFeatureFlagState(ctx.client, ref.projectId, ref.id, action));
    return { featureFlag: result && ctx.loaders.featureFlag.remember(ref.projectId, result), userErrors: userErrors.map(flagRefusal) };
  };
}

export const enableFeatureFlag: MutationResolvers['enableFeatureFlag'] = stateChange('enable');
export const disableFeatureFlag: MutationResolvers['disableFeatureFlag'] = stateChange('disable');
export const archiveFeatureFlag: MutationResolvers['archiveFeatureFlag'] = stateChange('archive');
export const unarchiveFeatureFlag: MutationResolvers['unarchiveFeatureFlag'] = stateChange('unarchive');

export const deleteFeatureFlag: MutationResolvers['deleteFeatureFlag'] = async (_parent, { input }, ctx) => {
  const flag = await setDeleted(ctx, parseFlagRef(input.id, input.projectId), true);
  return { ...flag, deletedFeatureFlagId: flag.featureFlag && flagGlobalId(flag.featureFlag) };
};

export const restoreFeatureFlag: MutationResolvers['restoreFeatureFlag'] = async (_parent, { input }, ctx) =>
  setDeleted(ctx, parseFlagRef(input.id, input.projectId), false);

export const createFeatureFlagStaticCohort: MutationResolvers['createFeatureFlagStaticCohort'] = async (_parent, { input }, ctx) => {
  const ref = parseFlagRef(input.id, input.projectId);
  const { result, userErrors } = await mutate(() => createStaticCohortForFlag(ctx.client, ref.projectId, ref.id));
  return { cohort: result?.cohort ?? null, flagRef: ref, userErrors };
};

export const createFeatureFlagDashboard: MutationResolvers['createFeatureFlagDashboard'] = (_parent, { input }, ctx) =>
  dashboardAction(ctx, parseFlagRef(input.id, input.projectId), createFlagDashboard);

export const enrichFeatureFlagUsageDashboard: MutationResolvers['enrichFeatureFlagUsageDashboard'] = (_parent, { input }, ctx) =>
  dashboardAction(ctx, parseFlagRef(input.id, input.projectId), enrichFlagUsageDashboard);

/**
 * Whole-copy refusals are userErrors (a dependency refusal with its specific code: support/flag-refusals.ts); each
 * target's copy comes with its warnings in `copies`, and `copiedFeatureFlags` lists the same flags.
 */
export const copyFeatureFlags: MutationResolvers['copyFeatureFlags'] = async (_parent, { input }, ctx) => {
  const organizationId = parseUuidId('Organization', input.organizationId);
  const fromProject = parseIntId('Project', input.fromProjectId);
  const targets = input.targetProjectIds.map((id) => parseIntId('Project', id));
  const body: CopyFlagsBody = {
    feature_flag_key: input.featureFlagKey,
    from_project: fromProject,
    target_project_ids: targets,
    copy_schedule: input.copySchedule ?? false,
    copy_dependencies: input.copyDependencies ?? false,
    disable_copied_flag: input.disableCopiedFlag ?? false,
  };
  const { result, userErrors } = await mutate(() => copy(ctx.client, organizationId, body), {
    fieldNames: { from_project: 'fromProjectId', target_project_ids: 'targetProjectIds' },
  });
  if (!result) return { copiedFeatureFlags: null, failures: null, copies: null, userErrors: userErrors.map(copyRefusal) };
  const failures = result.failed ?? [];
  const copies = await flagCopies(ctx, input.featureFlagKey, targets, failures, result.success ?? []);
  return { copiedFeatureFlags: copies.map((copied) => copied.flag), failures, copies, userErrors };
};

/** Soft delete / restore: PATCH `deleted`, never DELETE. A delete other enabled flags rely on is DEPENDENT_FLAGS_ACTIVE. */
async function setDeleted(ctx: GatewayContext, ref: FlagRef, deleted: boolean) {
  const { result, userErrors } = await mutate(() => update(ctx.client, ref.projectId, ref.id, { deleted }));
  return { featureFlag: result && ctx.loaders.featureFlag.remember(ref.projectId, result), userErrors: userErrors.map(flagRefusal) };
}

/**
 * A version conflict names the flag's version now. The 409 `conflict` invalidated the cached reads of the flag (it
 * says what is kept is stale: docs/caching-and-quota.md), so this GET reaches the upstream; the refusal itself never
 * relied on a read.
 * Should the read fail, `currentVersion` stays null: the refusal holds without it.
 */
async function withCurrentVersion(ctx: GatewayContext, ref: FlagRef, userErrors: UserError[]): Promise<UserError[]> {
  if (!userErrors.some(isVersionConflict)) return userErrors;
  ctx.loaders.featureFlag.forget(ref);
  const current = await Promise.resolve(ctx.loaders.featureFlag.byId(ref)).catch(() => null);
  const currentVersion = current?.record.version ?? null;
  return userErrors.map((error) => (isVersionConflict(error) ? { ...error, currentVersion } : error));
}

/**
 * Each copied record with its target project: the `team_id` newer services add, else the target order minus the
 * failed targets. Should neither hold, the flags are looked up by key in each successful target instead (the write
 * already dropped earlier key lookups), and the records' warnings are lost.
 */
async function flagCopies(
  ctx: GatewayContext,
  key: string,
  targets: number[],
  failures: readonly { project_id: number }[],
  records: readonly CopyFlagsSuccessRecord[],
): Promise<ProjectFlagCopy[]> {
  const failed = new Set(failures.map((f) => f.project_id));
  const succeeded = targets.filter((id) => !failed.has(id));
  const named = records.every((record) => typeof record.team_id === 'number');
  if (named || (succeeded.length === records.length && records.every((r) => r.key === key))) {
    return records.map((record, i) => {
      const projectId = named ? (record.team_id as number) : (succeeded[i] as number);
      return { flag: ctx.loaders.featureFlag.remember(projectId, record), record };
    });
  }
  const found = await Promise.all(succeeded.map(async (projectId) => ctx.loaders.featureFlag.byKey({ projectId, key })));
  return found.filter((flag): flag is ProjectFlag => flag !== null).map((flag) => ({ flag, record: flag.record }));
}

/**
 * dashboard/ and enrich_usage_dashboard/ answer only `{success}` (or 400 `{success: false,
 * error}`, which `mutate` turns into a userError); the changed flag is read back afterwards.
 */
async function dashboardAction(ctx: GatewayContext, ref: FlagRef, action: typeof createFlagDashboard) {
  const { result, userErrors } = await mutate(() => action(ctx.client, ref.projectId, ref.id));
  if (!result) return { featureFlag: null, userErrors };
  ctx.loaders.featureFlag.forget(ref);
  return { featureFlag: await ctx.loaders.featureFlag.byId(ref), userErrors };
}

/**
 * Flag input -> REST body with the shared input rules (support/input.ts): omitted fields stay out,
 * explicit nulls go to the upstream, whose refusal becomes a userError. `description` is the
 * clearer alias of the upstream's `name`.
 */
function flagWriteBody(input: FlagInput & { id?: unknown; projectId?: unknown }): FeatureFlagWrite {
  const { id: _id, projectId: _projectId, description, ...fields } = input;
  const body = toUpstreamBody<FeatureFlagWrite>(fields);
  if (description != null) body.name = description;
  return body;
}

/** `name` and `description` are the same upstream field: both given and different is ambiguous. */
function descriptionConflict(input: FlagInput | UpdateFeatureFlagInput): UserError | null {
  if (input.name == null || input.description == null || input.name === input.description) return null;
  return {
    field: ['input', 'description'],
    message: '"name" and "description" are the same field (the flag description): give only one.',
    code: 'CONFLICT',
    upstreamCode: null,
  };
}

/** The upstream reports the description as `name`: point errors at whichever input field the caller used. */
function nameField(input: FlagInput): Record<string, string> {
  return { name: input.description != null ? 'description' : 'name' };
}
