// The Organization type: its own record (`GET /api/organizations/{id}/`, through
// `loaders.organization`), read only for a field that the record which named the organization did not
// already carry; and what hangs off it: its projects, its plugins and the organization-level flag routes.
import type { GatewayContext } from '../context.ts';
import type { OrganizationResolvers } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { toGlobalId } from '../relay/global-id.ts';
import { getOrganizationFlagsByKey } from '../upstream-client/endpoints/feature-flag.ts';
import type { OrganizationFacts, OrganizationRecord, OrganizationRef } from '../upstream-client/endpoints/organization.ts';
import { getExportsUnsubscribeConfigs, getPluginRepository, getUnusedPlugins, listPluginActivity } from '../upstream-client/endpoints/plugin.ts';
import { references } from './node.ts';
import { activityConnection } from './support/activity-connection.ts';
import { parsePluginRef } from './support/ids.ts';

/** A field of the organization's record: free when the parent already carries it, else the record (one GET per organization). */
function recordField<K extends keyof OrganizationRecord>(key: K) {
  return async (org: OrganizationRef, _args: unknown, ctx: GatewayContext): Promise<OrganizationRecord[K] | null> => {
    const known = org.known?.[key as keyof OrganizationFacts];
    if (known !== undefined) return known as OrganizationRecord[K];
    return (await ctx.loaders.organization.byId(org.id))[key] ?? null;
  };
}

export const Organization: OrganizationResolvers = {
  __resolveReference: references.Organization,
  id: (org) => toGlobalId('Organization', org.id),
  databaseId: (org) => org.id,
  name: recordField('name'),
  slug: recordField('slug'),
  membershipLevel: recordField('membership_level'),
  createdAt: recordField('created_at'),
  updatedAt: recordField('updated_at'),
  memberCount: recordField('member_count'),
  projects: (org, args, ctx) => connectionFor(args, (limit, offset) => ctx.loaders.project.organizationPage(org.id, { limit, offset }), 'OrganizationProject'),
  plugins: (org, args, ctx) => connectionFor(args, (limit, offset) => ctx.loaders.plugin.page(org.id, { limit, offset }), 'Plugin'),
  plugin: (org, { id }, ctx) => ctx.loaders.plugin.byId(parsePluginRef(id, org.id)),
  repository: (org, _args, ctx) => ctx.loaders.plugin.read(getPluginRepository, org.id),
  unused: (org, _args, ctx) => ctx.loaders.plugin.read(getUnusedPlugins, org.id),
  pluginActivity: (org, args, ctx) => activityConnection(args, (page) => ctx.loaders.plugin.read(listPluginActivity, org.id, page)),
  exportsUnsubscribeConfigs: async (org, _args, ctx) =>
    (await ctx.loaders.plugin.read(getExportsUnsubscribeConfigs, org.id)).map((record) => ({ orgId: org.id, record })),
  featureFlagsByKey: (org, { key }, ctx) => ctx.loaders.featureFlag.read(getOrganizationFlagsByKey, org.id, key),
};
