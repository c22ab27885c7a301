// The Plugin type. Its parent is an OrgPlugin: the record plus the organization whose route it
// was read through, which the global id carries for refetching (a global plugin's own
// `organization_id` is another organization).
import type { PluginResolvers } from '../generated/resolvers-types.ts';
import { toGlobalId } from '../relay/global-id.ts';
import { organizationRef } from '../upstream-client/endpoints/organization.ts';
import { getPluginSource, OrgPlugin, PluginTypeValue, type PluginSourceRecord } from '../upstream-client/endpoints/plugin.ts';
import { references } from './node.ts';
import { asGetters } from './support/plain-field-getters.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((plugin: OrgPlugin) => plugin.record);

export function pluginGlobalId(plugin: OrgPlugin): string {
  return toGlobalId('Plugin', plugin.orgId, plugin.record.id);
}

// The REST values are the enum's values (codegen.ts enumValues); upstream `inline` (built-in plugins) has none: null.
const PLUGIN_TYPES = new Set<string>(Object.values(PluginTypeValue));

/** filename -> source map -> list sorted by file name (deleted files, null upstream, left out). */
export function sourceFiles(files: PluginSourceRecord | null): { filename: string; source: string }[] {
  return Object.entries(files ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([filename, source]) => ({ filename, source }))
    .sort((a, b) => a.filename.localeCompare(b.filename));
}

// Fields that read the plugin alone become getters on OrgPlugin (support/plain-field-getters.ts).
export const Plugin = asGetters<PluginResolvers>(OrgPlugin, {
  __resolveReference: references.Plugin,
  id: pluginGlobalId,
  databaseId: rest('id'),
  // `as never`: codegen types the resolver result of an enum with mapped values as null (its own bug).
  pluginType: (plugin) => (PLUGIN_TYPES.has(plugin.record.plugin_type ?? '') ? plugin.record.plugin_type : null) as never,
  name: rest('name'),
  description: rest('description'),
  url: rest('url'),
  icon: rest('icon'),
  configSchema: rest('config_schema'),
  tag: rest('tag'),
  latestTag: rest('latest_tag'),
  isGlobal: rest('is_global'),
  organizationId: rest('organization_id'),
  organizationName: rest('organization_name'),
  organization: (plugin) => (plugin.record.organization_id ? organizationRef(plugin.record.organization_id, plugin.record.organization_name) : null),
  capabilities: rest('capabilities'),
  metrics: rest('metrics'),
  publicJobs: rest('public_jobs'),
  source: async (plugin, _args, ctx) => sourceFiles(await ctx.loaders.plugin.read(getPluginSource, plugin.orgId, plugin.record.id)),
});
