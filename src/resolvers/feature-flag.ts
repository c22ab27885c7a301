// The FeatureFlag type. Its parent is a ProjectFlag: the REST record plus the project it was
// read from (the record does not name it), which the global id and `project` need.
import type { FeatureFlagResolvers, FeatureFlagStatus } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { toGlobalId } from '../relay/global-id.ts';
import { listFeatureFlagActivity, ProjectFlag } from '../upstream-client/endpoints/feature-flag.ts';
import { references } from './node.ts';
import { activityConnection } from './support/activity-connection.ts';
import { asGetters } from './support/plain-field-getters.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((flag: ProjectFlag) => flag.record);

export function flagGlobalId(flag: ProjectFlag): string {
  return toGlobalId('FeatureFlag', flag.projectId, flag.record.id);
}

const FLAG_STATUSES = new Set<FeatureFlagStatus>(['ACTIVE', 'STALE', 'DELETED', 'ARCHIVED', 'INACTIVE', 'UNKNOWN']);

/** The upstream's status name (any case) -> enum value; an unknown name is UNKNOWN rather than a failed field. */
function flagStatus(value: string | null | undefined): FeatureFlagStatus | null {
  if (value == null) return null;
  const upper = value.toUpperCase() as FeatureFlagStatus;
  return FLAG_STATUSES.has(upper) ? upper : 'UNKNOWN';
}

/** The record's `archived`; an upstream without it (older than the lifecycle endpoints) may still say so in `status`. */
function isArchived(flag: ProjectFlag): boolean {
  const { archived, status } = flag.record;
  return archived ?? status?.toUpperCase() === 'ARCHIVED';
}

/** `status` as the upstream reports it, held to agree with `archived` (a deleted flag stays DELETED). */
function agreedStatus(flag: ProjectFlag): FeatureFlagStatus | null {
  const status = flagStatus(flag.record.status);
  if (status === 'DELETED') return status;
  if (isArchived(flag)) return 'ARCHIVED';
  return status === 'ARCHIVED' ? 'UNKNOWN' : status;
}

// Fields that read the flag alone become getters on ProjectFlag (support/plain-field-getters.ts).
export const FeatureFlag = asGetters<FeatureFlagResolvers>(ProjectFlag, {
  __resolveReference: references.FeatureFlag,
  id: flagGlobalId,
  databaseId: rest('id'),
  projectDatabaseId: (flag) => flag.projectId,
  key: rest('key'),
  name: rest('name'),
  description: rest('name'),
  filters: rest('filters'),
  deleted: (flag) => flag.record.deleted === true,
  active: (flag) => flag.record.active !== false,
  createdBy: rest('created_by'),
  createdAt: rest('created_at'),
  updatedAt: rest('updated_at'),
  version: rest('version'),
  lastModifiedBy: rest('last_modified_by'),
  archived: isArchived,
  status: agreedStatus,
  isSimpleFlag: rest('is_simple_flag'),
  rolloutPercentage: rest('rollout_percentage'),
  ensureExperienceContinuity: rest('ensure_experience_continuity'),
  experimentSet: rest('experiment_set'),
  surveys: rest('surveys'),
  features: rest('features'),
  rollbackConditions: rest('rollback_conditions'),
  performedRollback: rest('performed_rollback'),
  canEdit: rest('can_edit'),
  tags: rest('tags'),
  usageDashboard: rest('usage_dashboard'),
  analyticsDashboards: rest('analytics_dashboards'),
  hasEnrichedAnalytics: rest('has_enriched_analytics'),
  project: (flag, _args, ctx) => ctx.loaders.project.parent(flag.projectId),
  roleAccess: (flag, args, ctx) =>
    connectionFor(args, (limit, offset) => ctx.loaders.roleAccess.page(flag.projectId, flag.record.id, { limit, offset }), 'FeatureFlagRoleAccess'),
  activity: (flag, args, ctx) =>
    activityConnection(args, (page) => ctx.loaders.featureFlag.read(listFeatureFlagActivity, flag.projectId, flag.record.id, page)),
});
