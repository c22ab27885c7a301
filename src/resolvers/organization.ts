// The Organization type: known by its UUID (no upstream endpoint reads an organization), with
// what hangs off it: its plugins and the organization-level flag routes.
import { nullIfRefused } from '../errors.ts';
import type { OrganizationResolvers } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { toGlobalId } from '../relay/global-id.ts';
import { getOrganizationFlagsByKey } from '../upstream-client/feature-flag.ts';
import { getExportsUnsubscribeConfigs, getPluginRepository, getUnusedPlugins, listPluginActivity } from '../upstream-client/plugin.ts';
import { references } from './node.ts';
import { activityConnection } from './support/activity-connection.ts';
import { parsePluginRef } from './support/ids.ts';

export const Organization: OrganizationResolvers = {
  __resolveReference: references.Organization,
  id: (org) => toGlobalId('Organization', org.id),
  databaseId: (org) => org.id,
  // Known when the record that named this organization embedded it; otherwise one plugins-list
  // call (loaders/plugin.ts), and null when that list is refused (plugins are disabled for many organizations upstream).
  name: (org, _args, ctx) => (org.name != null ? org.name : nullIfRefused(ctx.loaders.plugin.organizationName(org.id))),
  plugins: (org, args, ctx) => connectionFor(args, (limit, offset) => ctx.loaders.plugin.page(org.id, { limit, offset }), 'Plugin'),
  plugin: (org, { id }, ctx) => ctx.loaders.plugin.byId(parsePluginRef(id, org.id)),
  repository: (org, _args, ctx) => ctx.loaders.plugin.read(getPluginRepository, org.id),
  unused: (org, _args, ctx) => ctx.loaders.plugin.read(getUnusedPlugins, org.id),
  pluginActivity: (org, args, ctx) => activityConnection(args, (page) => ctx.loaders.plugin.read(listPluginActivity, org.id, page)),
  exportsUnsubscribeConfigs: async (org, _args, ctx) =>
    (await ctx.loaders.plugin.read(getExportsUnsubscribeConfigs, org.id)).map((record) => ({ orgId: org.id, record })),
  // The interface documents "no response body"; the real service answers a plain array.
  featureFlagsByKey: async (org, { key }, ctx) => (await ctx.loaders.featureFlag.read(getOrganizationFlagsByKey, org.id, key)) ?? [],
};
