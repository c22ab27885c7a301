// Plugin ids and value conversions shared by the plugin resolvers.
import { badUserInput, nullIfNotFound } from '../../errors.ts';
import { fromGlobalIdOf, isUuid, parseUuidId, toGlobalId, toPositiveInt } from '../../relay/global-id.ts';
import type { OrgPlugin, PluginSourceRecord, PluginTypeValue } from '../../upstream-client/plugins.ts';
import type { PluginRef } from '../../loaders/plugins.ts';
import type { GatewayContext } from '../../context.ts';
import type { PluginType } from '../../generated/resolvers-types.ts';

// PluginType <-> REST `plugin_type`. Upstream `inline` (built-in plugins) has no public value: reported as null.
export const PLUGIN_TYPE_FROM_REST: Record<string, PluginType> = { local: 'LOCAL', custom: 'CUSTOM', repository: 'REPOSITORY', source: 'SOURCE' };
export const PLUGIN_TYPE_TO_REST: Record<PluginType, PluginTypeValue> = { LOCAL: 'local', CUSTOM: 'custom', REPOSITORY: 'repository', SOURCE: 'source' };

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
  const [orgId = '', plugin = ''] = fromGlobalIdOf('Plugin', text, 2, 'its numeric id with the organization id');
  if (!isUuid(orgId)) throw badUserInput(`"${text}" is not a valid Plugin id.`, { argument: 'id' });
  const ref = { orgId: orgId.toLowerCase(), id: toPositiveInt(plugin, 'Plugin') };
  if (organizationId != null && parseUuidId('Organization', organizationId) !== ref.orgId) {
    throw badUserInput(`The plugin "${text}" was read through another organization than ${organizationId}.`, { argument: 'id' });
  }
  return ref;
}

/** Global id -> plugin, or null when it does not exist (node lookups and federation references). */
export async function pluginOrNull(id: string, ctx: GatewayContext): Promise<OrgPlugin | null> {
  return nullIfNotFound(ctx.loaders.plugin.load(parsePluginRef(id)));
}

/** filename -> source map -> list sorted by file name (deleted files, null upstream, left out). */
export function sourceFiles(files: PluginSourceRecord | null): { filename: string; source: string }[] {
  return Object.entries(files ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([filename, source]) => ({ filename, source }))
    .sort((a, b) => a.filename.localeCompare(b.filename));
}
