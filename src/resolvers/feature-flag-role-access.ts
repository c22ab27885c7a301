// The FeatureFlagRoleAccess type: a grant of a role's access to a flag. Its parent is a
// ProjectRoleAccess (the record plus the project and flag it was read under).
import type { FeatureFlagRoleAccessResolvers } from '../generated/resolvers-types.ts';
import { toGlobalId } from '../relay/global-id.ts';
import type { ProjectRoleAccess } from '../upstream-client/role-access.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((grant: ProjectRoleAccess) => grant.record);

export const FeatureFlagRoleAccess: FeatureFlagRoleAccessResolvers = {
  id: (grant) => toGlobalId('FeatureFlagRoleAccess', grant.projectId, grant.flagId, grant.record.id),
  databaseId: (grant) => grant.record.id,
  // The grant embeds the full flag record: no extra call.
  featureFlag: (grant) => ({ projectId: grant.projectId, record: grant.record.feature_flag }),
  role: (grant) => grant.record.role,
  addedAt: rest('added_at'),
  updatedAt: rest('updated_at'),
};
