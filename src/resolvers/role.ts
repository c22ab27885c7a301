// The Role type: a role of an organization, as embedded in a grant.
import type { RoleResolvers } from '../generated/resolvers-types.ts';
import type { RoleRecord } from '../upstream-client/endpoints/role-access.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((role: RoleRecord) => role);

export const Role: RoleResolvers = {
  id: rest('id'),
  name: rest('name'),
  featureFlagsAccessLevel: rest('feature_flags_access_level'),
  createdAt: rest('created_at'),
  createdBy: rest('created_by'),
  members: rest('members'),
  associatedFlags: rest('associated_flags'),
};
