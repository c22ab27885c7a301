// Organization: known by its UUID (no upstream endpoint reads an organization). Other
// domains add fields with `extend type Organization` in their SDL and a resolver map of
// their own for `Organization` (merged in resolvers/index.ts).
import type { OrganizationResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { organizationRef } from '../upstream-client/organizations.ts';
import { parseUuidId, toGlobalId } from '../relay/global-id.ts';
import { registerNodeType } from './node.ts';

registerNodeType('Organization', async ([uuid]) => organizationRef(parseUuidId('Organization', uuid ?? '')));

const Query: QueryResolvers = {
  organization: (_, { id }) => organizationRef(parseUuidId('Organization', id)),
};

const Organization: OrganizationResolvers = {
  __resolveReference: (ref) => organizationRef(parseUuidId('Organization', ref.id)),
  id: (org) => toGlobalId('Organization', org.id),
  databaseId: (org) => org.id,
  // Known when the record that named this organization embedded it; otherwise one plugins-list call (loaders/plugins.ts).
  name: (org, _args, ctx) => (org.name != null ? org.name : ctx.loaders.organizationName(org.id)),
};

export const organizationResolvers = { Query, Organization };
