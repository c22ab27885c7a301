// Plugin domain resolvers (schema/plugin.graphql): Organization's plugin fields, the Plugin
// type and its neighbours; ids in ./plugin/refs.ts, mutations in ./plugin/mutations.ts.
// A plugin's parent is an OrgPlugin (record + the organization whose route it was read
// through, which the global id carries for refetching).
import { connectionFor } from '../relay/connection.ts';
import { organizationRef } from '../upstream-client/organizations.ts';
import { getExportsUnsubscribeConfigs, getPluginActivity, getPluginRepository, getPluginSource, getUnusedPlugins } from '../upstream-client/plugins.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { activityConnection } from './activity.ts';
import { registerNodeType } from './node.ts';
import { Mutation } from './plugin/mutations.ts';
import { PLUGIN_TYPE_FROM_REST, parsePluginRef, pluginGlobalId, pluginOrNull, sourceFiles } from './plugin/refs.ts';

registerNodeType('Plugin', ([orgId = '', id = ''], ctx) => ctx.loaders.plugin.load(parsePluginRef(id, orgId)));

export const pluginResolvers: Resolvers = {
  Organization: {
    plugins: (organization, args, ctx) => connectionFor(args, (limit, offset) => ctx.loaders.pluginPage(organization.id, { limit, offset }), 'Plugin'),
    plugin: (organization, { id }, ctx) => ctx.loaders.plugin.load(parsePluginRef(id, organization.id)),
    repository: (organization, _args, ctx) => getPluginRepository(ctx.client, organization.id),
    unused: (organization, _args, ctx) => getUnusedPlugins(ctx.client, organization.id),
    pluginActivity: (organization, args, ctx) => activityConnection(args, (page) => getPluginActivity(ctx.client, organization.id, page)),
    exportsUnsubscribeConfigs: async (organization, _args, ctx) =>
      (await getExportsUnsubscribeConfigs(ctx.client, organization.id)).map((record) => ({ orgId: organization.id, record })),
  },

  Plugin: {
    __resolveReference: (reference, ctx) => pluginOrNull(reference.id, ctx),
    id: pluginGlobalId,
    databaseId: (plugin) => plugin.record.id,
    pluginType: (plugin) => PLUGIN_TYPE_FROM_REST[plugin.record.plugin_type ?? ''] ?? null,
    name: (plugin) => plugin.record.name ?? null,
    description: (plugin) => plugin.record.description ?? null,
    url: (plugin) => plugin.record.url ?? null,
    icon: (plugin) => plugin.record.icon ?? null,
    configSchema: (plugin) => plugin.record.config_schema ?? null,
    tag: (plugin) => plugin.record.tag ?? null,
    latestTag: (plugin) => plugin.record.latest_tag ?? null,
    isGlobal: (plugin) => plugin.record.is_global ?? null,
    organizationId: (plugin) => plugin.record.organization_id ?? null,
    organizationName: (plugin) => plugin.record.organization_name ?? null,
    organization: (plugin) => (plugin.record.organization_id ? organizationRef(plugin.record.organization_id, plugin.record.organization_name) : null),
    capabilities: (plugin) => plugin.record.capabilities ?? null,
    metrics: (plugin) => plugin.record.metrics ?? null,
    publicJobs: (plugin) => plugin.record.public_jobs ?? null,
    source: async (plugin, _args, ctx) => sourceFiles(await getPluginSource(ctx.client, plugin.orgId, plugin.record.id)),
  },

  RepositoryPlugin: {
    name: (entry) => text(entry.name),
    url: (entry) => text(entry.url),
    description: (entry) => text(entry.description),
    icon: (entry) => text(entry.icon),
    maintainer: (entry) => text(entry.maintainer),
    verified: (entry) => (typeof entry.verified === 'boolean' ? entry.verified : null),
    data: (entry) => entry,
  },

  PluginConfig: {
    databaseId: (config) => config.record.id,
    pluginDatabaseId: (config) => config.record.plugin ?? null,
    plugin: (config, _args, ctx) => ctx.loaders.plugin.load({ orgId: config.orgId, id: config.record.plugin }),
    enabled: (config) => config.record.enabled ?? null,
    order: (config) => config.record.order ?? null,
    config: (config) => config.record.config ?? null,
    error: (config) => config.record.error ?? null,
    project: (config, _args, ctx) => ctx.loaders.projectParent(config.record.team_id),
    pluginInfo: (config) => config.record.plugin_info ?? null,
    deliveryRate24h: (config) => config.record.delivery_rate_24h ?? null,
    createdAt: (config) => config.record.created_at ?? null,
    updatedAt: (config) => config.record.updated_at ?? null,
    name: (config) => config.record.name ?? null,
    description: (config) => config.record.description ?? null,
    deleted: (config) => config.record.deleted ?? null,
  },

  Mutation,
};

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
