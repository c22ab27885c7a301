// The two organization-level flag routes: flags by key across projects, and copy_flags.
import { mutate, nullIfNotFound } from '../../errors.ts';
import { parseIntId, parseUuidId } from '../../relay/global-id.ts';
import { copyFeatureFlags, getOrganizationFlagsByKey, type FeatureFlagRecord, type ProjectFlag } from '../../upstream-client/feature-flags.ts';
import type { GatewayContext } from '../../context.ts';
import type {
  CopyFeatureFlagFailureResolvers,
  MutationResolvers,
  OrganizationFeatureFlagResolvers,
  OrganizationResolvers,
} from '../../generated/resolvers-types.ts';

export const Organization: OrganizationResolvers = {
  // The interface documents "no response body"; the real service answers a plain array.
  featureFlagsByKey: async (organization, { key }, ctx) => (await getOrganizationFlagsByKey(ctx.client, organization.id, key)) ?? [],
};

export const OrganizationFeatureFlag: OrganizationFeatureFlagResolvers = {
  project: (entry, _args, ctx) => ctx.loaders.projectParent(entry.team_id),
  featureFlag: (entry, _args, ctx) => ctx.loaders.featureFlag.load({ projectId: entry.team_id, id: entry.flag_id }),
  flagDatabaseId: (entry) => entry.flag_id,
  projectDatabaseId: (entry) => entry.team_id,
  createdBy: (entry) => entry.created_by ?? null,
  filters: (entry) => entry.filters ?? null,
  createdAt: (entry) => entry.created_at ?? null,
  active: (entry) => entry.active ?? null,
};

export const CopyFeatureFlagFailure: CopyFeatureFlagFailureResolvers = {
  projectDatabaseId: (failure) => failure.project_id ?? null,
  // The usual failure is "Project not found.": then there is no project to show.
  project: (failure, _args, ctx) => (failure.project_id == null ? null : nullIfNotFound(ctx.loaders.projectParent(failure.project_id))),
  errors: (failure) => failure.error_message ?? failure.errors ?? null,
};

export const Mutation: MutationResolvers = {
  copyFeatureFlags: async (_parent, { input }, ctx) => {
    const organizationId = parseUuidId('Organization', input.organizationId);
    const fromProject = parseIntId('Project', input.fromProjectId);
    const targets = input.targetProjectIds.map((id) => parseIntId('Project', id));
    const body = { feature_flag_key: input.featureFlagKey, from_project: fromProject, target_project_ids: targets, copy_schedule: input.copySchedule ?? false };
    const { result, userErrors } = await mutate(() => copyFeatureFlags(ctx.client, organizationId, body), {
      fieldNames: { from_project: 'fromProjectId', target_project_ids: 'targetProjectIds' },
    });
    if (!result) return { copiedFeatureFlags: null, failures: null, userErrors };
    const failures = result.failed ?? [];
    const copied = await copiedFlags(ctx, input.featureFlagKey, targets, failures, result.success ?? []);
    return { copiedFeatureFlags: copied, failures, userErrors };
  },
};

/**
 * The copied flag records do not name their project. They come in target order, minus the
 * failed targets, so they are paired that way; if the counts disagree the flags are looked
 * up by key in each successful target instead.
 */
async function copiedFlags(
  ctx: GatewayContext,
  key: string,
  targets: number[],
  failures: { project_id: number }[],
  records: FeatureFlagRecord[],
): Promise<ProjectFlag[]> {
  const failed = new Set(failures.map((f) => f.project_id));
  const succeeded = targets.filter((id) => !failed.has(id));
  if (succeeded.length === records.length && records.every((r) => r.key === key)) {
    return records.map((record, i) => ctx.loaders.replaceFeatureFlag(succeeded[i] as number, record));
  }
  for (const projectId of succeeded) ctx.loaders.forgetFlagLists(projectId);
  const found = await Promise.all(succeeded.map((projectId) => ctx.loaders.featureFlagByKey.load({ projectId, key })));
  return found.filter((flag): flag is ProjectFlag => flag !== null);
}
