// Per-request loaders for plugins: one GET per distinct (organization, plugin), primed by lists.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getPlugin, type PluginRecord } from '../upstream-client/plugins.ts';

/**
 * A plugin with the organization it was read through. The record's own `organization_id`
 * is the owner, which differs for global plugins; refetching must go through the same
 * organization's route, so the global id carries this one. The codegen mapper of Plugin.
 */
export interface OrgPlugin {
  orgId: string;
  record: PluginRecord;
}

export interface PluginRef {
  orgId: string;
  id: number;
}

export interface PluginLoaders {
  /** (organization, plugin id) -> plugin. Rejects with the UpstreamError of that key only. */
  byId: DataLoader<PluginRef, OrgPlugin, string>;
  /** Stores plugins a list or mutation already returned. */
  prime(orgId: string, records: PluginRecord[]): OrgPlugin[];
  /** Replaces a cached plugin after a write. */
  replace(orgId: string, record: PluginRecord): OrgPlugin;
}

export function createPluginLoaders(client: UpstreamClient): PluginLoaders {
  const byId = new DataLoader<PluginRef, OrgPlugin, string>(
    (refs) =>
      Promise.all(
        refs.map((ref) =>
          getPlugin(client, ref.orgId, ref.id).then(
            (record) => ({ orgId: ref.orgId, record }),
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      ),
    { cacheKeyFn: (ref) => `${ref.orgId}/${ref.id}` },
  );
  const prime = (orgId: string, records: PluginRecord[]): OrgPlugin[] =>
    records.map((record) => {
      const plugin = { orgId, record };
      byId.prime({ orgId, id: record.id }, plugin);
      return plugin;
    });
  const replace = (orgId: string, record: PluginRecord): OrgPlugin => {
    byId.clear({ orgId, id: record.id });
    return prime(orgId, [record])[0] as OrgPlugin;
  };
  return { byId, prime, replace };
}
