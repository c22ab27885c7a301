import type { PluginRow } from '../storage/plugins.ts';

const THIRTY_MINUTES = 30 * 60_000;

/** `latest_tag` shows only when set and either newer than `tag` or checked in the last 30 minutes. */
function visibleLatestTag(plugin: PluginRow, now: number): string | null {
  if (!plugin.latest_tag) return null;
  const recent = plugin.latest_tag_checked_at !== null && now - Date.parse(plugin.latest_tag_checked_at) < THIRTY_MINUTES;
  return plugin.latest_tag !== plugin.tag || recent ? plugin.latest_tag : null;
}

export function pluginBody(plugin: PluginRow, now = Date.now()): Record<string, unknown> {
  return {
    id: plugin.id,
    plugin_type: plugin.plugin_type,
    name: plugin.name,
    // Stored as text here; the service's nullable columns stay null on a source plugin created without them.
    description: plugin.plugin_type === 'source' && plugin.description === '' ? null : plugin.description,
    url: plugin.plugin_type === 'source' && plugin.url === '' ? null : plugin.url,
    icon: plugin.icon,
    config_schema: plugin.config_schema,
    tag: plugin.tag,
    latest_tag: visibleLatestTag(plugin, now),
    is_global: plugin.is_global,
    organization_id: plugin.organization_id,
    organization_name: plugin.organization_name ?? 'posthog-inline',
    capabilities: plugin.capabilities,
    metrics: plugin.metrics,
    public_jobs: plugin.public_jobs,
    hog_function_migration_available: false,
  };
}
