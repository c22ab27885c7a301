// Plugin domain resolvers (schema/plugin.graphql): Organization's plugin fields, the Plugin
// type, plugin mutations. A plugin's parent is an OrgPlugin (record + the organization whose
// route it was read through, which the global id carries for refetching).
import { badUserInput, isNotFound, mutate } from '../errors.ts';
import { fromGlobalIdOf, isUuid, parseUuidId, toGlobalId, toPositiveInt } from '../relay/global-id.ts';
import { connectionFor } from '../relay/connection.ts';
import { organizationRef } from '../upstream-client/organizations.ts';
import {
  checkPluginForUpdates,
  createPlugin,
  deletePlugin,
  getExportsUnsubscribeConfigs,
  getPluginActivity,
  getPluginRepository,
  getPluginSource,
  getUnusedPlugins,
  listPlugins,
  updatePlugin,
  updatePluginSource,
  upgradePlugin,
  type OrgPlugin,
  type PluginSourceRecord,
  type PluginTypeValue,
  type PluginWrite,
} from '../upstream-client/plugins.ts';
import type { PluginRef } from '../loaders/plugins.ts';
import type { GatewayContext } from '../context.ts';
import type { CreatePluginInput, PluginType, Resolvers } from '../generated/resolvers-types.ts';
import { activityConnection } from './feature-flag/activity.ts';
import { registerNodeType } from './node.ts';

registerNodeType('Plugin', ([orgId = '', id = ''], ctx) => ctx.loaders.plugin.load(parsePluginRef(id, orgId)));

// PluginType <-> REST `plugin_type`. Upstream `inline` (built-in plugins) has no public value: reported as null.
const PLUGIN_TYPE_FROM_REST: Record<string, PluginType> = { local: 'LOCAL', custom: 'CUSTOM', repository: 'REPOSITORY', source: 'SOURCE' };
const PLUGIN_TYPE_TO_REST: Record<PluginType, PluginTypeValue> = { LOCAL: 'local', CUSTOM: 'custom', REPOSITORY: 'repository', SOURCE: 'source' };

export function pluginGlobalId(plugin: OrgPlugin): string {
  return toGlobalId('Plugin', plugin.orgId, plugin.record.id);
}

/** A plugin named by its global id, or by its numeric id plus the organization (UUID or global id). */
export function parsePluginRef(id: string, organizationId?: string | null): PluginRef {
  const text = String(id).trim();
  if (/^[0-9]+$/.test(text)) {
    if (organizationId == null) throw badUserInput('"id" is a numeric plugin id: give the plugin\'s global id, or also "organizationId".', { argument: 'id' });
    return { orgId: parseUuidId('Organization', organizationId), id: toPositiveInt(text, 'Plugin') };
  }
  const [orgId = '', plugin = ''] = fromGlobalIdOf('Plugin', text, 2);
  if (!isUuid(orgId)) throw badUserInput(`"${text}" is not a valid Plugin id.`, { argument: 'id' });
  const ref = { orgId: orgId.toLowerCase(), id: toPositiveInt(plugin, 'Plugin') };
  if (organizationId != null && parseUuidId('Organization', organizationId) !== ref.orgId) {
    throw badUserInput(`The plugin "${text}" was read through another organization than ${organizationId}.`, { argument: 'id' });
  }
  return ref;
}

/** Global id -> plugin, or null when it does not exist (node lookups and federation references). */
export async function pluginOrNull(id: string, ctx: GatewayContext): Promise<OrgPlugin | null> {
  try {
    return await ctx.loaders.plugin.load(parsePluginRef(id));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const pluginResolvers: Resolvers = {
  Organization: {
    plugins: (organization, args, ctx) =>
      connectionFor(args, async (limit, offset) => {
        const page = await listPlugins(ctx.client, organization.id, { limit, offset });
        return { ...page, results: ctx.loaders.primePlugins(organization.id, page.results) };
      }),
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
    project: (config, _args, ctx) => ctx.loaders.project.load(config.record.team_id),
    pluginInfo: (config) => config.record.plugin_info ?? null,
    deliveryRate24h: (config) => config.record.delivery_rate_24h ?? null,
    createdAt: (config) => config.record.created_at ?? null,
    updatedAt: (config) => config.record.updated_at ?? null,
    name: (config) => config.record.name ?? null,
    description: (config) => config.record.description ?? null,
    deleted: (config) => config.record.deleted ?? null,
  },

  Mutation: {
    createPlugin: async (_parent, { input }, ctx) => {
      const orgId = parseUuidId('Organization', input.organizationId);
      const { result, userErrors } = await mutate(() => createPlugin(ctx.client, orgId, pluginWriteBody(input)));
      return { plugin: result && (ctx.loaders.primePlugins(orgId, [result])[0] ?? null), userErrors };
    },

    updatePlugin: async (_parent, { input }, ctx) => {
      const ref = parsePluginRef(input.id, input.organizationId);
      const { result, userErrors } = await mutate(() => updatePlugin(ctx.client, ref.orgId, ref.id, pluginWriteBody(input)));
      return { plugin: result && (ctx.loaders.primePlugins(ref.orgId, [result])[0] ?? null), userErrors };
    },

    deletePlugin: async (_parent, { input }, ctx) => {
      const ref = parsePluginRef(input.id, input.organizationId);
      const { userErrors } = await mutate(() => deletePlugin(ctx.client, ref.orgId, ref.id));
      ctx.loaders.plugin.clear(ref);
      return { deletedPluginId: userErrors.length === 0 ? toGlobalId('Plugin', ref.orgId, ref.id) : null, userErrors };
    },

    updatePluginSource: async (_parent, { input }, ctx) => {
      const ref = parsePluginRef(input.id, input.organizationId);
      const files: PluginSourceRecord = Object.fromEntries(input.files.map((file) => [file.filename, file.source ?? null]));
      const { result, userErrors } = await mutate(() => updatePluginSource(ctx.client, ref.orgId, ref.id, files), { fieldNames: {} });
      if (!result) return { plugin: null, source: null, userErrors };
      // plugin.json can rename the plugin or change its config schema: read it back.
      ctx.loaders.plugin.clear(ref);
      return { plugin: await ctx.loaders.plugin.load(ref), source: sourceFiles(result), userErrors };
    },

    upgradePlugin: async (_parent, { input }, ctx) => {
      const ref = parsePluginRef(input.id, input.organizationId);
      const { result, userErrors } = await mutate(() => upgradePlugin(ctx.client, ref.orgId, ref.id));
      return { plugin: result && (ctx.loaders.primePlugins(ref.orgId, [result])[0] ?? null), userErrors };
    },

    checkPluginForUpdates: async (_parent, { input }, ctx) => {
      const ref = parsePluginRef(input.id, input.organizationId);
      const { result, userErrors } = await mutate(() => checkPluginForUpdates(ctx.client, ref.orgId, ref.id));
      return { plugin: result && (ctx.loaders.primePlugins(ref.orgId, [result.plugin])[0] ?? null), userErrors };
    },
  },
};

/** filename -> source map -> list sorted by file name (deleted files, null upstream, left out). */
function sourceFiles(files: PluginSourceRecord | null): { filename: string; source: string }[] {
  return Object.entries(files ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([filename, source]) => ({ filename, source }))
    .sort((a, b) => a.filename.localeCompare(b.filename));
}

function pluginWriteBody(input: Omit<CreatePluginInput, 'organizationId'> & { url?: string | null }): PluginWrite {
  const body: PluginWrite = {};
  if (input.pluginType != null) body.plugin_type = PLUGIN_TYPE_TO_REST[input.pluginType];
  if (input.name != null) body.name = input.name;
  if (input.description != null) body.description = input.description;
  if (input.url != null) body.url = input.url;
  if (input.icon != null) body.icon = input.icon;
  if (input.configSchema !== undefined) body.config_schema = input.configSchema;
  if (input.tag != null) body.tag = input.tag;
  if (input.isGlobal != null) body.is_global = input.isGlobal;
  if (input.capabilities !== undefined) body.capabilities = input.capabilities;
  if (input.metrics !== undefined) body.metrics = input.metrics;
  if (input.publicJobs !== undefined) body.public_jobs = input.publicJobs;
  return body;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
