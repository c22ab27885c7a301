// Flag mutations. Upstream validation errors become userErrors (errors.ts `mutate`); a flag
// is removed only by PATCH `deleted: true` (the upstream client has no flag DELETE at all).
import { mutate, type UserError } from '../../errors.ts';
import { parseIntId } from '../../relay/global-id.ts';
import {
  createFeatureFlag,
  createFlagDashboard,
  createStaticCohortForFlag,
  enrichFlagUsageDashboard,
  updateFeatureFlag,
  type FeatureFlagWrite,
} from '../../upstream-client/feature-flags.ts';
import type { FlagRef } from '../../loaders/feature-flags.ts';
import type { GatewayContext } from '../../context.ts';
import type { CreateFeatureFlagInput, MutationResolvers, UpdateFeatureFlagInput } from '../../generated/resolvers-types.ts';
import { flagGlobalId, parseFlagRef } from './refs.ts';
import { toUpstreamBody } from '../input.ts';

type FlagInput = Omit<CreateFeatureFlagInput, 'projectId' | 'key'> & { key?: string | null };

export const Mutation: MutationResolvers = {
  createFeatureFlag: async (_parent, { input }, ctx) => {
    const projectId = parseIntId('Project', input.projectId);
    const conflict = descriptionConflict(input);
    if (conflict) return { featureFlag: null, userErrors: [conflict] };
    const { result, userErrors } = await mutate(() => createFeatureFlag(ctx.client, projectId, flagWriteBody(input)), { fieldNames: nameField(input) });
    return { featureFlag: result && ctx.loaders.replaceFeatureFlag(projectId, result), userErrors };
  },

  updateFeatureFlag: async (_parent, { input }, ctx) => {
    const ref = parseFlagRef(input.id, input.projectId);
    const conflict = descriptionConflict(input);
    if (conflict) return { featureFlag: null, userErrors: [conflict] };
    const { result, userErrors } = await mutate(() => updateFeatureFlag(ctx.client, ref.projectId, ref.id, flagWriteBody(input)), {
      fieldNames: nameField(input),
    });
    return { featureFlag: result && ctx.loaders.replaceFeatureFlag(ref.projectId, result), userErrors };
  },

  deleteFeatureFlag: async (_parent, { input }, ctx) => {
    const flag = await setDeleted(ctx, parseFlagRef(input.id, input.projectId), true);
    return { ...flag, deletedFeatureFlagId: flag.featureFlag && flagGlobalId(flag.featureFlag) };
  },

  restoreFeatureFlag: async (_parent, { input }, ctx) => setDeleted(ctx, parseFlagRef(input.id, input.projectId), false),

  createFeatureFlagStaticCohort: async (_parent, { input }, ctx) => {
    const ref = parseFlagRef(input.id, input.projectId);
    const { result, userErrors } = await mutate(() => createStaticCohortForFlag(ctx.client, ref.projectId, ref.id));
    return { cohort: result?.cohort ?? null, flagRef: ref, userErrors };
  },

  createFeatureFlagDashboard: (_parent, { input }, ctx) => dashboardAction(ctx, parseFlagRef(input.id, input.projectId), createFlagDashboard),

  enrichFeatureFlagUsageDashboard: (_parent, { input }, ctx) => dashboardAction(ctx, parseFlagRef(input.id, input.projectId), enrichFlagUsageDashboard),
};

/** Soft delete / restore: PATCH `deleted`, never DELETE. */
async function setDeleted(ctx: GatewayContext, ref: FlagRef, deleted: boolean) {
  const { result, userErrors } = await mutate(() => updateFeatureFlag(ctx.client, ref.projectId, ref.id, { deleted }));
  return { featureFlag: result && ctx.loaders.replaceFeatureFlag(ref.projectId, result), userErrors };
}

/**
 * dashboard/ and enrich_usage_dashboard/ answer only `{success}` (or 400 `{success: false,
 * error}`, which `mutate` turns into a userError); the changed flag is read back afterwards.
 */
async function dashboardAction(ctx: GatewayContext, ref: FlagRef, action: typeof createFlagDashboard) {
  const { result, userErrors } = await mutate(() => action(ctx.client, ref.projectId, ref.id));
  if (!result) return { featureFlag: null, userErrors };
  ctx.loaders.forgetFeatureFlag(ref);
  return { featureFlag: await ctx.loaders.featureFlag.load(ref), userErrors };
}

/**
 * Flag input -> REST body with the shared input rules (input.ts): omitted fields stay out,
 * explicit nulls go to the upstream, whose refusal becomes a userError. `description` is the
 * clearer alias of the upstream's `name`.
 */
function flagWriteBody(input: FlagInput & { id?: unknown; projectId?: unknown }): FeatureFlagWrite {
  const { id: _id, projectId: _projectId, description, ...fields } = input;
  const body: FeatureFlagWrite = toUpstreamBody(fields);
  if (description != null) body.name = description;
  return body;
}

/** `name` and `description` are the same upstream field: both given and different is ambiguous. */
function descriptionConflict(input: FlagInput | UpdateFeatureFlagInput): UserError | null {
  if (input.name == null || input.description == null || input.name === input.description) return null;
  return { field: ['input', 'description'], message: '"name" and "description" are the same field (the flag description): give only one.', code: 'conflict' };
}

/** The upstream reports the description as `name`: point errors at whichever input field the caller used. */
function nameField(input: FlagInput): Record<string, string> {
  return { name: input.description != null ? 'description' : 'name' };
}
