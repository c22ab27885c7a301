// The FeatureFlag type. Its parent is a ProjectFlag: the REST record plus the project it was
// read from (the record does not name it), which the global id and `project` need.
import { nullIfNotFound } from '../../errors.ts';
import { connectionFor } from '../../relay/connection.ts';
import { getFeatureFlagActivity, type FeatureFlagRecord, type ProjectFlag } from '../../upstream-client/feature-flags.ts';
import { listRoleAccess } from '../../upstream-client/role-access.ts';
import type { GatewayContext } from '../../context.ts';
import type { FeatureFlagResolvers, FeatureFlagStatus } from '../../generated/resolvers-types.ts';
import { activityConnection } from '../activity.ts';
import { flagGlobalId, parseFlagRef } from './refs.ts';

const field =
  <K extends keyof FeatureFlagRecord>(key: K) =>
  (flag: ProjectFlag): NonNullable<FeatureFlagRecord[K]> | null =>
    flag.record[key] ?? null;

/** Global id -> flag, or null when it does not exist (node lookups and federation references). */
async function flagOrNull(id: string, ctx: GatewayContext): Promise<ProjectFlag | null> {
  return nullIfNotFound(ctx.loaders.featureFlag.load(parseFlagRef(id, null)));
}

const FLAG_STATUSES = new Set<FeatureFlagStatus>(['ACTIVE', 'STALE', 'DELETED', 'INACTIVE', 'UNKNOWN']);

/** The upstream's status name (any case) -> enum value; an unknown name is UNKNOWN rather than a failed field. */
function flagStatus(value: string | null | undefined): FeatureFlagStatus | null {
  if (value == null) return null;
  const upper = value.toUpperCase() as FeatureFlagStatus;
  return FLAG_STATUSES.has(upper) ? upper : 'UNKNOWN';
}

export const FeatureFlag: FeatureFlagResolvers = {
  __resolveReference: (reference, ctx) => flagOrNull(reference.id, ctx),
  id: flagGlobalId,
  databaseId: (flag) => flag.record.id,
  project: (flag, _args, ctx) => ctx.loaders.projectParent(flag.projectId),
  key: (flag) => flag.record.key,
  name: field('name'),
  description: field('name'),
  filters: field('filters'),
  deleted: (flag) => flag.record.deleted === true,
  active: (flag) => flag.record.active !== false,
  createdBy: field('created_by'),
  createdAt: field('created_at'),
  updatedAt: field('updated_at'),
  version: field('version'),
  lastModifiedBy: field('last_modified_by'),
  status: (flag) => flagStatus(flag.record.status),
  isSimpleFlag: field('is_simple_flag'),
  rolloutPercentage: field('rollout_percentage'),
  ensureExperienceContinuity: field('ensure_experience_continuity'),
  experimentSet: field('experiment_set'),
  surveys: field('surveys'),
  features: field('features'),
  rollbackConditions: field('rollback_conditions'),
  performedRollback: field('performed_rollback'),
  canEdit: field('can_edit'),
  tags: field('tags'),
  usageDashboard: field('usage_dashboard'),
  analyticsDashboards: field('analytics_dashboards'),
  hasEnrichedAnalytics: field('has_enriched_analytics'),
  roleAccess: (flag, args, ctx) =>
    connectionFor(
      args,
      async (limit, offset) => {
        const page = await listRoleAccess(ctx.client, flag.projectId, flag.record.id, { limit, offset });
        return { ...page, results: ctx.loaders.primeRoleAccess(flag.projectId, flag.record.id, page.results) };
      },
      'FeatureFlagRoleAccess',
    ),
  activity: (flag, args, ctx) => activityConnection(args, (page) => getFeatureFlagActivity(ctx.client, flag.projectId, flag.record.id, page)),
};
