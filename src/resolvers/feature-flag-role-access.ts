// The FeatureFlagRoleAccess type: a grant of a role's access to a flag. Its parent is a
// ProjectRoleAccess (the record plus the project and flag it was read under).
import type { FeatureFlagRoleAccessResolvers } from '../generated/resolvers-types.ts';
import { toGlobalId } from '../relay/global-id.ts';
import { ProjectFlag } from '../upstream-client/endpoints/feature-flag.ts';
import { ProjectRoleAccess } from '../upstream-client/endpoints/role-access.ts';
import { asGetters } from './support/plain-field-getters.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((grant: ProjectRoleAccess) => grant.record);

// Every field reads the grant alone: getters on ProjectRoleAccess (support/plain-field-getters.ts).
export const FeatureFlagRoleAccess = asGetters<FeatureFlagRoleAccessResolvers>(ProjectRoleAccess, {
  id: (grant) => toGlobalId('FeatureFlagRoleAccess', grant.projectId, grant.flagId, grant.record.id),
  databaseId: rest('id'),
  // The grant embeds the full flag record: no extra call.
  featureFlag: (grant) => new ProjectFlag(grant.projectId, grant.record.feature_flag),
  role: rest('role'),
  addedAt: rest('added_at'),
  updatedAt: rest('updated_at'),
});
